import { defineMessages } from '@/shared/i18n/define';

/** Why an order has no e-invoice (Peppol BIS Billing 3.0) yet, or none at all: the API's answer. */
export const eInvoiceMessages = defineMessages({
  sv: {
    private_buyer:
      'E-faktura (Peppol) finns bara för företag och offentliga köpare. Privatpersoner får fakturan som PDF.',
    no_endpoint:
      'Vi har ingen Peppol-adress för köparen: ett svenskt organisationsnummer, ett momsregistreringsnummer eller ett Peppol-ID behövs för e-faktura. Fakturan finns som PDF.',
    not_shipped:
      'E-fakturan för en unionsintern leverans kräver leveransdatum och finns när beställningen har skickats. Fakturan finns redan som PDF.',
  },
  en: {
    private_buyer:
      'E-invoices (Peppol) are for companies and public bodies only. Private buyers get the invoice as a PDF.',
    no_endpoint:
      'We have no Peppol address for the buyer: an e-invoice needs a Swedish organisation number, a VAT number or a Peppol ID. The invoice is available as a PDF.',
    not_shipped:
      'The e-invoice of an intra-Community supply must state the delivery date, so it is available once the order has shipped. The invoice is already available as a PDF.',
  },
});
