import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { EmailLayout, paragraph, small } from './layout.tsx';
import type { EmailPalette } from './palette.ts';
import { type Rendered, renderHtml } from './template.ts';

/** "Find your ticket": a guest's answers, each a link to its manage page (docs/product.md#e-mails). */
export type AnswersView = {
  palette: EmailPalette;
  preview: string;
  heading: string;
  lead: string;
  /** One per answer: the event's title (the link), when it is and the answer. */
  answers: { title: string; detail: string; href: string }[];
  footer: string;
};

export function AnswersEmail({ view: v }: { view: AnswersView }) {
  const p = v.palette;
  return (
    <EmailLayout palette={p} preview={v.preview} footer={v.footer}>
      <Heading as="h1" style={{ fontSize: '26px', lineHeight: '32px', fontWeight: 800, color: p.text, margin: '0 0 12px' }}>
        {v.heading}
      </Heading>
      <Text style={paragraph(p)}>{v.lead}</Text>
      {v.answers.map((a) => (
        <Section key={a.href} style={{ border: `1px solid ${p.border}`, borderRadius: '10px', padding: '12px 16px', margin: '0 0 12px' }}>
          <Text style={{ ...paragraph(p), fontSize: '18px', fontWeight: 700, margin: '0 0 4px' }}>
            <Link href={a.href} style={{ color: p.link, textDecoration: 'underline' }}>
              {a.title}
            </Link>
          </Text>
          <Text style={{ ...small(p), margin: 0 }}>{a.detail}</Text>
        </Section>
      ))}
    </EmailLayout>
  );
}

export function renderAnswersEmail(v: AnswersView): Rendered {
  const text = [v.lead, ...v.answers.map((a) => `${a.title}\n${a.detail}\n${a.href}`), v.footer].join('\n\n');
  return { html: renderHtml(<AnswersEmail view={v} />), text: `${text}\n` };
}
