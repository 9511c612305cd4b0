import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';
import type { EmailPalette } from './palette.ts';

/**
 * The frame every Turnout e-mail shares: the event's background around a 600 px card (full width on
 * a phone), the event's image on top, a footer line under it. Tables and inline styles only, as mail
 * clients expect; nothing is wider than the screen at 375 px. Every <img> says fetchPriority="low": React 19
 * would otherwise add a <link rel="preload"> per image to the head, which an e-mail has no use for.
 */

export const FONT = '-apple-system, BlinkMacSystemFont, Segoe UI, Roboto, Helvetica, Arial, sans-serif'; // unquoted: a quote would be an entity inside style="…"

export function EmailLayout(props: {
  palette: EmailPalette;
  preview: string;
  imageUrl?: string | null;
  footer: string;
  children: ReactNode;
}) {
  const p = props.palette;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: p.background, margin: 0, padding: '24px 8px', fontFamily: FONT, color: p.text }}>
        <Container
          style={{
            maxWidth: '600px',
            backgroundColor: p.card,
            border: `1px solid ${p.border}`,
            borderRadius: '12px',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          {props.imageUrl ? (
            <Img
              src={props.imageUrl}
              alt=""
              fetchPriority="low"
              width="600"
              style={{ display: 'block', width: '100%', maxWidth: '600px', height: 'auto', border: 0, borderRadius: '12px 12px 0 0' }}
            />
          ) : null}
          <Section style={{ padding: '24px 20px 8px' }}>{props.children}</Section>
        </Container>
        <Container style={{ maxWidth: '600px' }}>
          <Text style={{ fontSize: '12px', lineHeight: '18px', color: p.text, opacity: 0.75, textAlign: 'center', margin: '16px 12px 0' }}>
            {props.footer}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The big call to action: the accent colour, full width on a phone (48 px tall: a thumb's target). */
export function BigButton(props: { palette: EmailPalette; href: string; children: ReactNode }) {
  const p = props.palette;
  const style: CSSProperties = {
    backgroundColor: p.accent,
    color: p.onAccent,
    borderRadius: '10px',
    fontSize: '17px',
    fontWeight: 700,
    lineHeight: '24px',
    padding: '12px 24px',
    textAlign: 'center',
    textDecoration: 'none',
    display: 'block',
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: '320px',
    margin: '0 auto',
  };
  return (
    <Section style={{ padding: '8px 0 16px' }}>
      <Button href={props.href} style={style}>
        {props.children}
      </Button>
    </Section>
  );
}

export const paragraph = (p: EmailPalette): CSSProperties => ({ fontSize: '16px', lineHeight: '24px', color: p.text, margin: '0 0 16px' });
export const small = (p: EmailPalette): CSSProperties => ({ fontSize: '14px', lineHeight: '20px', color: p.muted, margin: '0 0 12px' });
export const linkStyle = (p: EmailPalette): CSSProperties => ({ color: p.link, fontWeight: 600, textDecoration: 'underline' });
