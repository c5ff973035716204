/** On an order the municipality placed for the resident (no DigiD, under administration): who placed it and why. */
export function OnBehalfNote({ reason }: { reason: string | null | undefined }) {
  return <p className="gw-muted">Geplaatst door de gemeente namens u{reason ? ` — reden: ${reason}` : ''}</p>;
}
