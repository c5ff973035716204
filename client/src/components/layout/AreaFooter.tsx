import { Link } from 'react-router';
import { urls } from '../../lib/urls';

/** The work areas' footer: the way back to the public website. */
export function AreaFooter() {
  return (
    <footer className="gw-footer">
      <div className="gw-container">
        <p>
          <Link to={urls.home()}>Naar de openbare website</Link>
        </p>
      </div>
    </footer>
  );
}
