import { Suspense, lazy, useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

const LoginModal = lazy(async () => ({
  default: (await import('../../features/login')).LoginModal,
}));

/** The authorization server sends a sign-in without a session home with `?flowId=…`. */
export function LoginModalHost() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const flowId = params.get('flowId');
  const goHome = useCallback(() => void navigate('/', { replace: true }), [navigate]);

  if (!flowId) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal key={flowId} flowId={flowId} onClose={goHome} />
    </Suspense>
  );
}
