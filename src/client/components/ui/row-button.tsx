import { Button } from './button';

/**
 * A table row's own button ("Open", "Edit"): it shows the action, and a screen reader hears which
 * row it acts on ("Edit Hoodie"), since a column of equal buttons would be told apart by nothing.
 */
export function RowButton(props: { label: string; rowName: string; onClick: () => void }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={props.onClick}
      aria-label={`${props.label} ${props.rowName}`}
    >
      {props.label}
    </Button>
  );
}
