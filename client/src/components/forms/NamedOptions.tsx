/**
 * The `<option>`s of a choice among named records (municipalities, categories, members), the id as the value, in the
 * given order. The select's own first option ("Kies een gemeente", "Alle gemeenten") stays the screen's.
 *
 *   <select …><option value="">Kies een gemeente</option><NamedOptions items={municipalities} /></select>
 */
export function NamedOptions({ items }: { items: readonly { id: string; name: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}
