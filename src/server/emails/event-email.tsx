import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { eventEmailText } from './event-email-text.ts';
import { BigButton, EmailLayout, linkStyle, paragraph, small } from './layout.tsx';
import { type Rendered, renderHtml } from './template.ts';
import { CALENDAR_LABELS, type EventEmailView } from './view.ts';

/** "7:30 PM" never breaks between the time and its AM / PM on a narrow screen. */
const keepTimesWhole = (s: string) => s.replace(/(\d) (AM|PM)\b/g, '$1\u00a0$2');

/** An e-mail about one event and one guest's answer (the confirmation, the manage link): view.ts says what it holds. */
export function EventEmail({ view: v }: { view: EventEmailView }) {
  const p = v.palette;
  const label = {
    fontSize: '12px',
    lineHeight: '16px',
    fontWeight: 700,
    letterSpacing: '0.06em',
    textTransform: 'uppercase',
    color: p.muted,
  };
  const pill = {
    display: 'inline-block',
    margin: '0 8px 8px 0',
    padding: '8px 12px',
    border: `1px solid ${p.border}`,
    borderRadius: '999px',
    fontSize: '14px',
    lineHeight: '20px',
    color: p.link,
    fontWeight: 600,
    textDecoration: 'none',
  } as const;
  return (
    <EmailLayout palette={p} preview={v.preview} imageUrl={v.imageUrl} footer={v.footer}>
      <Heading as="h1" style={{ fontSize: '26px', lineHeight: '32px', fontWeight: 800, color: p.text, margin: '0 0 4px' }}>
        {v.title}
      </Heading>
      {v.subtitle ? <Text style={{ ...paragraph(p), fontSize: '17px', margin: '0 0 4px' }}>{v.subtitle}</Text> : null}
      {v.host ? <Text style={small(p)}>{v.host}</Text> : null}
      <Hr style={{ borderColor: p.border, margin: '16px 0' }} />
      <Text style={{ ...paragraph(p), margin: '0 0 8px' }}>{v.greeting}</Text>
      <Text style={paragraph(p)}>{v.lead}</Text>
      {v.details.length ? (
        <Section style={{ margin: '0 0 8px' }}>
          {v.details.map((d) => (
            <Text key={d.label} style={{ ...paragraph(p), margin: '0 0 12px' }}>
              <span style={label}>{d.label}</span>
              <br />
              {keepTimesWhole(d.value)}
              {d.link ? (
                <>
                  <br />
                  <Link href={d.link.href} style={{ ...linkStyle(p), fontSize: '14px' }}>
                    {d.link.label}
                  </Link>
                </>
              ) : null}
            </Text>
          ))}
        </Section>
      ) : null}
      {v.button ? (
        <BigButton palette={p} href={v.button.href}>
          {v.button.label}
        </BigButton>
      ) : null}
      {v.ticket ? (
        <Section style={{ textAlign: 'center', margin: '0 0 8px' }}>
          <Img
            src={v.ticket.qrSrc}
            width="200"
            height="200"
            alt="Your ticket's QR code"
            fetchPriority="low"
            style={{ display: 'block', margin: '0 auto 8px', width: '200px', height: '200px', backgroundColor: '#ffffff', padding: '8px' }}
          />
          <Text style={{ ...small(p), textAlign: 'center' }}>{v.ticket.caption}</Text>
          <Text style={{ ...paragraph(p), textAlign: 'center', margin: '0 0 16px' }}>
            <span style={label}>PIN</span>
            <br />
            <span
              style={{
                fontSize: '28px',
                lineHeight: '36px',
                fontWeight: 800,
                letterSpacing: '0.2em',
                fontFamily: 'Menlo, Consolas, monospace',
              }}
            >
              {v.ticket.pin}
            </span>
          </Text>
        </Section>
      ) : null}
      {v.receipt ? (
        <Section style={{ margin: '0 0 16px' }}>
          <Text style={{ ...label, margin: '0 0 8px' }}>Receipt · order {v.receipt.number}</Text>
          <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
            <tbody>
              {v.receipt.rows.map((r) => (
                <tr key={r.label}>
                  <td
                    style={{
                      ...paragraph(p),
                      padding: '6px 0',
                      borderTop: r.strong ? `1px solid ${p.border}` : undefined,
                      fontWeight: r.strong ? 700 : 400,
                    }}
                  >
                    {r.label}
                  </td>
                  <td
                    style={{
                      ...paragraph(p),
                      padding: '6px 0',
                      textAlign: 'right',
                      whiteSpace: 'nowrap',
                      borderTop: r.strong ? `1px solid ${p.border}` : undefined,
                      fontWeight: r.strong ? 700 : 400,
                    }}
                  >
                    {r.value}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      ) : null}
      {v.calendar ? (
        <Section style={{ margin: '0 0 8px' }}>
          <Text style={{ ...label, margin: '0 0 8px' }}>Add to calendar</Text>
          <Link href={v.calendar.google} style={pill}>
            {CALENDAR_LABELS.google}
          </Link>
          <Link href={v.calendar.outlook} style={pill}>
            {CALENDAR_LABELS.outlook}
          </Link>
          <Link href={v.calendar.ics} style={pill}>
            {CALENDAR_LABELS.ics}
          </Link>
        </Section>
      ) : null}
      {v.links.map((l) => (
        <Text key={l.href} style={{ ...paragraph(p), margin: '8px 0 16px' }}>
          {l.before ?? ''}
          <Link href={l.href} style={linkStyle(p)}>
            {l.label}
          </Link>
        </Text>
      ))}
    </EmailLayout>
  );
}

/** The HTML and plain-text parts of an event e-mail. */
export const renderEventEmail = (view: EventEmailView): Rendered => ({
  html: renderHtml(<EventEmail view={view} />),
  text: eventEmailText(view),
});
