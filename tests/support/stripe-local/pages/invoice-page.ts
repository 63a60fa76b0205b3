import type Stripe from 'stripe';
import { formatAmount } from '../core/money.ts';
import { escapeHtml, page } from './html.ts';

function date(seconds: number | null): string {
  return seconds ? new Date(seconds * 1000).toISOString().slice(0, 10) : '';
}

function facts(invoice: Stripe.Invoice): [string, string][] {
  return [
    ['Invoice number', invoice.number ?? invoice.id],
    ['Status', invoice.status ?? ''],
    ['Date', date(invoice.created)],
    ['Billed to', invoice.customer_email ?? (invoice.customer as string)],
    ['Amount due', formatAmount(invoice.amount_due, invoice.currency)],
    ['Amount paid', formatAmount(invoice.amount_paid, invoice.currency)],
    ...(invoice.post_payment_credit_notes_amount > 0 ? [['Credited after payment', formatAmount(invoice.post_payment_credit_notes_amount, invoice.currency)] as [string, string]] : []),
  ];
}

/** The stand-in for Stripe's hosted invoice page (`hosted_invoice_url`). */
export function invoicePage(invoice: Stripe.Invoice): string {
  const rows = invoice.lines.data
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}<br><span class="hint">${date(line.period.start)} – ${date(line.period.end)}</span></td><td class="amount">${escapeHtml(formatAmount(line.amount, line.currency))}</td></tr>`,
    )
    .join('\n');
  const list = facts(invoice)
    .map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('\n');
  return page(
    `Invoice ${invoice.number ?? invoice.id} · stripe-local`,
    `<p><span class="badge">Test mode</span> stripe-local</p>
<h1>Invoice ${escapeHtml(invoice.number ?? invoice.id)}</h1>
<table>${list}</table>
<table>
<thead><tr><th scope="col">Description</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row">Total</th><td class="amount">${escapeHtml(formatAmount(invoice.total, invoice.currency))}</td></tr></tfoot>
</table>
<p><a href="${escapeHtml(invoice.invoice_pdf ?? '')}">Download PDF</a></p>`,
  );
}

/** PDF text strings: latin-1 with the euro sign where WinAnsi keeps it, parentheses escaped. */
function pdfText(value: string): string {
  return value
    .replace(/[\\()]/g, (char) => `\\${char}`)
    .replaceAll('€', '\x80')
    .replace(/[^\x00-\xff]/g, '?');
}

/**
 * The stand-in for `invoice_pdf`: a real one-page PDF (Helvetica, the invoice's facts and lines)
 * written by hand, so a download link can be followed and opened.
 */
export function invoicePdf(invoice: Stripe.Invoice): Buffer {
  return onePagePdf([
    `Invoice ${invoice.number ?? invoice.id}  (stripe-local, test mode)`,
    '',
    ...facts(invoice).map(([label, value]) => `${label}: ${value}`),
    '',
    ...invoice.lines.data.map((line) => `${line.description ?? ''}    ${formatAmount(line.amount, line.currency)}`),
    '',
    `Total: ${formatAmount(invoice.total, invoice.currency)}`,
  ]);
}

/** The stand-in for a credit note's `pdf`, made the same way. */
export function creditNotePdf(note: Stripe.CreditNote): Buffer {
  return onePagePdf([
    `Credit note ${note.number}  (stripe-local, test mode)`,
    '',
    `Invoice: ${note.invoice as string}`,
    `Date: ${date(note.created)}`,
    `Reason: ${note.reason ?? ''}`,
    ...(note.memo ? [`Memo: ${note.memo}`] : []),
    '',
    ...note.lines.data.map((line) => `${line.description ?? ''}    ${formatAmount(line.amount, note.currency)}`),
    '',
    `Refunded: ${formatAmount(note.refunds.reduce((sum, refund) => sum + refund.amount_refunded, 0), note.currency)}`,
    `Total: ${formatAmount(note.total, note.currency)}`,
  ]);
}

function onePagePdf(lines: string[]): Buffer {
  const content = `BT /F1 11 Tf 50 800 Td 16 TL ${lines.map((line) => `(${pdfText(line)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
