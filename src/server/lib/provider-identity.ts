// Who lends: the provider's legal name, NCR registration number and address (National Credit Act s52 and regulation
// 2 on registration; docs/compliance.md, "Registration and disclosures"). Every e-mail and legal document carries it.
// The identity is the configuration's (config.legal) and fixed for the life of the process: buildApp sets it once,
// so the mail templates (pure functions called inside the change's transaction) need not be handed it on each call.
import { DEVELOPMENT_LEGAL_SETTINGS, type LegalSettings } from '../config';

export type ProviderIdentity = Pick<
  LegalSettings,
  'providerLegalName' | 'ncrRegistrationNumber' | 'providerAddress'
>;

let identity: ProviderIdentity = {
  providerLegalName: DEVELOPMENT_LEGAL_SETTINGS.PROVIDER_LEGAL_NAME,
  ncrRegistrationNumber: DEVELOPMENT_LEGAL_SETTINGS.NCR_REGISTRATION_NUMBER,
  providerAddress: DEVELOPMENT_LEGAL_SETTINGS.PROVIDER_ADDRESS,
};

export function setProviderIdentity(legal: ProviderIdentity): void {
  identity = {
    providerLegalName: legal.providerLegalName,
    ncrRegistrationNumber: legal.ncrRegistrationNumber,
    providerAddress: legal.providerAddress,
  };
}

export function providerIdentity(): ProviderIdentity {
  return identity;
}

/** 'Vuka Capital (Pty) Ltd, a registered credit provider, NCR registration number NCRCP00000. 1 Example Street, …' */
export function providerLine(who: ProviderIdentity = identity): string {
  return `${who.providerLegalName}, a registered credit provider, NCR registration number ${who.ncrRegistrationNumber}. ${who.providerAddress}.`;
}
