import { PageLayout } from '../../components/ui/PageLayout';

export function LoginPage() {
  return (
    <PageLayout
      pageId="login"
      description="Sign in to AnyBank with your username, then confirm it is you."
    />
  );
}
