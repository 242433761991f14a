import { describe, expect, it } from 'vitest';
import { parsePaypalIpn } from './paypal-ipn.ts';

// Shaped like the web_accept IPN of PayPal's IPN documentation (values are placeholders).
const sample =
  'mc_gross=19.95&protection_eligibility=Eligible&payer_id=LPLWNMTBWMFAY&payment_date=20%3A12%3A59+Jan+13%2C+2009+PST' +
  '&payment_status=Completed&charset=windows-1252&first_name=Test&mc_fee=0.88&notify_version=2.6&custom=rd41-ab12' +
  '&payer_status=verified&business=seller%40paypalsandbox.com&quantity=1&verify_sign=AtkOfCXbDm2hu0ZELryHFjY-Vb7PAUvS6nMXgysbElEn9v-1XcmSoGtf' +
  '&payer_email=buyer%40paypalsandbox.com&txn_id=61E67681CH3238416&payment_type=instant&last_name=User' +
  '&receiver_email=seller%40paypalsandbox.com&receiver_id=S8XGHLYDW9T3S&txn_type=web_accept&item_name=Invoice+%2341' +
  '&mc_currency=USD&item_number=&residence_country=US&invoice=41&handling_amount=0.00&transaction_subject=&payment_gross=19.95&shipping=0.00';

describe('parsePaypalIpn', () => {
  it('reads the fields of a web_accept IPN', () => {
    expect(parsePaypalIpn(sample)).toEqual({
      txnId: '61E67681CH3238416',
      paymentStatus: 'Completed',
      receiverEmail: 'seller@paypalsandbox.com',
      custom: 'rd41-ab12',
      invoice: '41',
      grossCents: 1995,
      feeCents: 88,
      currency: 'USD',
    });
  });

  it('leaves a malformed amount unread instead of guessing', () => {
    expect(parsePaypalIpn(sample.replace('mc_gross=19.95', 'mc_gross=19.95.1'))?.grossCents).toBeUndefined();
  });

  it('refuses an IPN without txn_id, an empty body and repeated fields', () => {
    expect(parsePaypalIpn(sample.replace('txn_id=61E67681CH3238416', 'txn_id='))).toBeUndefined();
    expect(parsePaypalIpn('')).toBeUndefined();
    expect(parsePaypalIpn(`${sample}&mc_gross=0.01`)).toBeUndefined();
  });
});
