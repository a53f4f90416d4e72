import { Card, Col, Container, Row, Table } from 'react-bootstrap';
import { bankPageMessages } from '@anybank/contracts';
import { PageHeading } from '../../components/ui/PageHeading';
import { BANK_PAGE_CONTENT } from './bank-page-content';
import type { BankPageId, Contact, Fact, Offer, Rate } from './bank-page-content';

const text = bankPageMessages;

function Offers({ heading, offers }: { heading: string; offers: readonly Offer[] }) {
  return (
    <section className="mb-5" aria-labelledby="bank-page-offers">
      <h2 id="bank-page-offers" className="h4 mb-3">
        {heading}
      </h2>
      <Row xs={1} md={3} className="g-3">
        {offers.map((offer) => (
          <Col key={offer.title}>
            <Card className="h-100 shadow-sm">
              <Card.Body>
                <h3 className="h5">{offer.title}</h3>
                <p>{offer.text}</p>
                <ul className="mb-0">
                  {offer.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}

function Rates({ rates }: { rates: readonly Rate[] }) {
  return (
    <section className="mb-5" aria-labelledby="bank-page-rates">
      <h2 id="bank-page-rates" className="h4 mb-3">
        {text.ratesHeading}
      </h2>
      <Table responsive className="align-middle">
        <caption className="small">{text.sampleNotice}</caption>
        <thead>
          <tr>
            <th scope="col">{text.productColumn}</th>
            <th scope="col">{text.rateColumn}</th>
            <th scope="col">{text.detailColumn}</th>
          </tr>
        </thead>
        <tbody>
          {rates.map((rate) => (
            <tr key={`${rate.product} ${rate.rate}`}>
              <th scope="row" className="fw-normal">
                {rate.product}
              </th>
              <td className="fw-semibold">{rate.rate}</td>
              <td>{rate.detail}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

function Facts({ facts }: { facts: readonly Fact[] }) {
  return (
    <section className="mb-5" aria-labelledby="bank-page-facts">
      <h2 id="bank-page-facts" className="h4 mb-3">
        {text.factsHeading}
      </h2>
      <dl className="row g-3 mb-2">
        {facts.map((fact) => (
          <div key={fact.label} className="col-6 col-md-3">
            <dt className="small text-body-secondary fw-normal">{fact.label}</dt>
            <dd className="fs-3 fw-semibold mb-0">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <p className="small text-body-secondary mb-0">{text.sampleNotice}</p>
    </section>
  );
}

function ContactDetails({ contact }: { contact: Contact }) {
  return (
    <section aria-labelledby="bank-page-contact">
      <h2 id="bank-page-contact" className="h4 mb-3">
        {text.contactHeading}
      </h2>
      <dl className="row mb-0">
        <dt className="col-sm-3 col-lg-2">{text.phoneLabel}</dt>
        <dd className="col-sm-9 col-lg-10">
          <a href={`tel:${contact.phone}`}>{contact.phone}</a>
        </dd>
        <dt className="col-sm-3 col-lg-2">{text.hoursLabel}</dt>
        <dd className="col-sm-9 col-lg-10">{contact.hours}</dd>
        <dt className="col-sm-3 col-lg-2">{text.branchLabel}</dt>
        <dd className="col-sm-9 col-lg-10 mb-0">{contact.branch}</dd>
      </dl>
    </section>
  );
}

/** One of the visitor menu's pages: what the bank offers, its rates, its contact. */
export function BankPage({ pageId }: { pageId: BankPageId }) {
  const content = BANK_PAGE_CONTENT[pageId];
  return (
    <>
      <div className="home-hero py-5">
        <Container>
          <PageHeading pageId={pageId} className="display-6 fw-bold mb-3" />
          <p className="lead mb-0 bank-page-intro">{content.intro}</p>
        </Container>
      </div>
      <Container className="py-4 py-lg-5">
        <Offers heading={content.offersHeading ?? text.productsHeading} offers={content.offers} />
        {content.rates && <Rates rates={content.rates} />}
        {content.facts && <Facts facts={content.facts} />}
        <ContactDetails contact={content.contact} />
      </Container>
    </>
  );
}

export const PersonalPage = () => <BankPage pageId="personal" />;
export const SmallBusinessPage = () => <BankPage pageId="small-business" />;
export const WealthPage = () => <BankPage pageId="wealth" />;
export const AboutUsPage = () => <BankPage pageId="about-us" />;
