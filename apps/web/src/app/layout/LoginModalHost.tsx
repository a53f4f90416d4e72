import { Suspense, lazy, useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { finishPairing, usePairingRequest } from '../../lib/pairing-signal';

const LoginModal = lazy(async () => ({
  default: (await import('../../features/login')).LoginModal,
}));

/**
 * The authorization server sends a sign-in without a session home with `?flowId=…`. A page
 * that adds a device for the signed-in customer asks through `requestPairing`: the same modal
 * shows its pairing tabs, and closes in place when the pairing is over.
 */
export function LoginModalHost() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const pairing = usePairingRequest();
  const flowId = params.get('flowId');
  const goHome = useCallback(() => void navigate('/', { replace: true }), [navigate]);

  if (pairing) {
    return (
      <Suspense fallback={null}>
        <LoginModal
          key={pairing.id}
          flowId={pairing.id}
          pairing
          initialFlow={pairing}
          onClose={finishPairing}
          onDone={finishPairing}
        />
      </Suspense>
    );
  }
  if (!flowId) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal key={flowId} flowId={flowId} onClose={goHome} />
    </Suspense>
  );
}
