interface QueryErrorProps {
  /** What went wrong, in Dutch, e.g. "Het aanbod kon niet worden geladen." */
  message?: string;
  onRetry?: () => void;
}

/** A Dutch message for a failed query, with a retry button. */
export function QueryError({ message = 'De gegevens konden niet worden geladen.', onRetry }: QueryErrorProps) {
  return (
    <div className="gw-alert gw-alert--error" role="alert">
      <p>{message} Probeer het over een paar minuten opnieuw.</p>
      {onRetry ? (
        <p>
          <button type="button" className="gw-button gw-button--secondary" onClick={() => onRetry()}>
            Opnieuw proberen
          </button>
        </p>
      ) : null}
    </div>
  );
}
