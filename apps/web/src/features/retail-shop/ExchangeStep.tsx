import { shopBankViewMessages } from '@anybank/contracts';
import type { DecodedJws, ShopBankExchange } from '@anybank/contracts';
import { boundTokenOf, cnfJktOf } from './exchange-tokens';

const text = shopBankViewMessages;

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A JWS as the shop kept it: its header and its claims, and a word that its signature is gone. */
function Jws({ label, jws }: { label: string; jws: DecodedJws }) {
  return (
    <div className="shop-jws">
      <p className="shop-jws-label">{label}</p>
      <p className="shop-code-label">{text.header}</p>
      <pre className="shop-code">{json(jws.header)}</pre>
      <p className="shop-code-label">{text.claims}</p>
      <pre className="shop-code">{json(jws.claims)}</pre>
      <p className="shop-note">{text.signatureNotShown}</p>
    </div>
  );
}

/** A labelled value the journey's test and a reader both find: "label: value". */
function Fact({ label, value }: { label: string; value: string }) {
  return (
    <p className="shop-fact">
      {label}: <code>{value}</code>
    </p>
  );
}

/** What the shop sent: the call, its client assertion, its DPoP proof (with the key's jkt). */
function Sent({ exchanges, index }: { exchanges: readonly ShopBankExchange[]; index: number }) {
  const exchange = exchanges[index];
  const request = exchange?.request;
  if (!request) return <p className="shop-note">{text.authorizationNote}</p>;
  const bound = boundTokenOf(exchanges, index);
  const proof = request.dpopProof;
  const details = request.body?.authorization_details;
  return (
    <>
      <p className="shop-call">
        <code>
          {request.method} {request.url}
        </code>
      </p>
      {request.authorizationScheme && (
        <p className="shop-fact">{text.authorizationHeader(request.authorizationScheme)}</p>
      )}
      {request.clientAssertion && (
        <Jws label={text.clientAssertion} jws={request.clientAssertion} />
      )}
      {details !== undefined && (
        <>
          <p className="shop-code-label">{text.authorizationDetails}</p>
          <pre className="shop-code">{json(details)}</pre>
        </>
      )}
      {proof && (
        <>
          <Jws label={text.dpopProof} jws={proof} />
          <Fact label={text.jkt} value={proof.jkt} />
          {bound && (
            <p className="shop-fact">
              {bound.jkt === proof.jkt ? text.proofMatchesToken : text.proofDoesNotMatch}
            </p>
          )}
        </>
      )}
      {request.body && (
        <>
          <p className="shop-code-label">{text.body}</p>
          <pre className="shop-code">{json(request.body)}</pre>
        </>
      )}
    </>
  );
}

/** What the bank answered: its status and body, a token's claims with its `cnf.jkt`. */
function Answered({ exchange }: { exchange: ShopBankExchange }) {
  const { response } = exchange;
  const jkt = cnfJktOf(response.accessToken?.claims);
  return (
    <>
      <p className="shop-call">
        <strong>{text.status(response.status)}</strong>
      </p>
      {response.accessToken && <Jws label={text.accessToken} jws={response.accessToken} />}
      {jkt && <Fact label={text.cnfJkt} value={jkt} />}
      {response.idToken && <Jws label={text.idToken} jws={response.idToken} />}
      <p className="shop-code-label">{text.body}</p>
      <pre className="shop-code">{json(response.body)}</pre>
    </>
  );
}

/** One step of the story: its title, then the shop's lane beside the bank's. */
export function ExchangeStep({
  exchanges,
  index,
}: {
  exchanges: readonly ShopBankExchange[];
  index: number;
}) {
  const exchange = exchanges[index];
  if (!exchange) return null;
  const headingId = `shop-bank-step-${index}`;
  return (
    <li className="shop-step" aria-labelledby={headingId}>
      <h2 id={headingId} className="shop-step-title">
        {index + 1}. {text.stepTitle[exchange.step]}
        <span className="shop-step-time">
          {' '}
          · {new Date(exchange.at).toLocaleTimeString('en-GB')}
        </span>
      </h2>
      <div className="shop-lanes">
        {/* Each lane named by its step and its side, so every region's name is its own. */}
        <section
          className="shop-lane shop-lane-shop"
          aria-labelledby={`${headingId} ${headingId}-shop`}
        >
          <h3 id={`${headingId}-shop`} className="shop-lane-title">
            {text.shopLane}
          </h3>
          <Sent exchanges={exchanges} index={index} />
        </section>
        <section
          className="shop-lane shop-lane-bank"
          aria-labelledby={`${headingId} ${headingId}-bank`}
        >
          <h3 id={`${headingId}-bank`} className="shop-lane-title">
            {text.bankLane}
          </h3>
          <Answered exchange={exchange} />
        </section>
      </div>
    </li>
  );
}
