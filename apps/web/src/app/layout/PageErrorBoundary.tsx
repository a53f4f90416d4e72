import { Component, type ReactNode } from 'react';
import { unexpectedErrorMessages as text } from '@anybank/contracts';

interface State {
  failed: boolean;
}

/**
 * A page that throws while it renders, or whose code cannot be fetched (a dropped connection,
 * a deployment that replaced the chunk), shows the specification's unexpected-error text and a
 * way to reload, in place of a blank page; the header, navigation and footer stay. RootLayout
 * keys it by path, so going to another page tries again.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="container py-5" role="alert">
        <h1 className="h3">{text.title}</h1>
        <p>{text.text}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {text.reloadPage}
        </button>
      </div>
    );
  }
}
