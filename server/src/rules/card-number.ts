/**
 * Card numbers: 9 digits plus a Luhn check digit (the scheme bank cards use: it catches every single-digit
 * typo and most swaps of neighbouring digits, which is what happens when a number is read out at a counter).
 */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidCardNumber(value: string): boolean {
  const n = value.replace(/\s+/g, '');
  return /^\d{10}$/.test(n) && luhnCheckDigit(n.slice(0, 9)) === Number(n[9]);
}
