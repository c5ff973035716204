import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';

export enum DigidCertificateStateEnum {
  PENDING = 'PENDING',
  READY = 'READY',
  NEXT = 'NEXT',
  CURRENT = 'CURRENT',
  PREVIOUS = 'PREVIOUS',
  RETIRED = 'RETIRED',
}

registerEnumType(DigidCertificateStateEnum, {
  name: 'DigidCertificateState',
  description: 'Where a DigiD certificate is in the rollover.',
  valuesConfig: {
    PENDING: { description: 'Key pair and CSR made; waiting for the certificate from the CA.' },
    READY: { description: 'The issued certificate is uploaded; not yet in the metadata.' },
    NEXT: { description: 'Published as the next certificate in the metadata, beside the current one.' },
    CURRENT: { description: 'In use: signs our SAML messages and is our TLS client certificate.' },
    PREVIOUS: {
      description: 'Switched away from; still in the metadata and usable for messages under way until retired.',
    },
    RETIRED: { description: 'No longer in the metadata or used.' },
  },
});

@ObjectType({ description: 'One of our DigiD (SAML) certificates with its key pair; the private key is never shown.' })
export class DigidCertificate {
  @Field(() => ID, { description: 'The key pair’s id.' })
  id!: string;

  @Field(() => DigidCertificateStateEnum, { description: 'Where it is in the rollover.' })
  state!: DigidCertificateStateEnum;

  @Field(() => String, { description: 'O in the requested subject: the municipality.' })
  organization!: string;

  @Field(() => String, { description: 'CN in the requested subject: the host name.' })
  commonName!: string;

  @Field(() => String, { nullable: true, description: 'The OIN (serialNumber in the requested subject), if given.' })
  oin!: string | null;

  @Field(() => String, { description: 'The certificate signing request (PKCS#10, PEM) to hand to the CA.' })
  csrPem!: string;

  @Field(() => String, { nullable: true, description: 'The issued certificate (PEM); null until uploaded.' })
  certificatePem!: string | null;

  @Field(() => String, { nullable: true, description: 'The issued certificate’s subject.' })
  subject!: string | null;

  @Field(() => String, { nullable: true, description: 'The issued certificate’s issuer (the CA).' })
  issuer!: string | null;

  @Field(() => String, { nullable: true, description: 'The issued certificate’s serial number (hexadecimal).' })
  serial!: string | null;

  @Field(() => Date, { nullable: true, description: 'Valid from.' })
  notBefore!: Date | null;

  @Field(() => Date, { nullable: true, description: 'Valid until.' })
  notAfter!: Date | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Whole days until it expires, by the application’s clock (negative once expired).',
  })
  daysLeft!: number | null;

  @Field(() => Date, { description: 'When the key pair was generated.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When the certificate was uploaded.' })
  uploadedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was published in the metadata.' })
  publishedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it became the current certificate.' })
  activatedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When another certificate replaced it as the current one.' })
  supersededAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was retired.' })
  retiredAt!: Date | null;
}

@ObjectType({ description: 'The DigiD connection as instellingen/digid shows it.' })
export class DigidSettings {
  @Field(() => String, {
    description: 'How residents log in: simulator, saml or oidc (DIGID_MODE in the configuration).',
  })
  mode!: string;

  @Field(() => String, { description: 'Our SAML entity id (from the configuration).' })
  entityId!: string;

  @Field(() => String, { description: 'Where our signed SAML metadata is served (hand it to Logius).' })
  metadataUrl!: string;

  @Field(() => String, { description: 'The assurance level asked for: basis, midden, substantieel or hoog.' })
  assuranceLevel!: string;

  @Field(() => Int, { description: 'From this many days before expiry the admin dashboard warns.' })
  warningDays!: number;

  @Field(() => [DigidCertificate], { description: 'Every certificate, the ones in use first.' })
  certificates!: DigidCertificate[];
}

@ObjectType({ description: 'The DigiD certificate that expires soon (the dashboard warning).' })
export class DigidCertificateWarning {
  @Field(() => ID, { description: 'The certificate that expires.' })
  certificateId!: string;

  @Field(() => DigidCertificateStateEnum, { description: 'CURRENT, or NEXT when the rollover is under way.' })
  state!: DigidCertificateStateEnum;

  @Field(() => Date, { description: 'When it expires.' })
  notAfter!: Date;

  @Field(() => Int, { description: 'Whole days until it expires (negative once expired).' })
  daysLeft!: number;
}

@InputType({ description: 'The subject of the PKIoverheid certificate to request.' })
export class GenerateDigidKeyInput {
  @Field(() => String, { description: 'O: the municipality’s name.' })
  organization!: string;

  @Field(() => String, { description: 'CN: the host name of the service, e.g. gemeentewinkel.gemeente.nl.' })
  commonName!: string;

  @Field(() => String, { nullable: true, description: 'serialNumber: the OIN (20 digits), when the CA asks for it.' })
  oin?: string | null;
}

@InputType({ description: 'The certificate the CA issued for a key pair’s CSR.' })
export class UploadDigidCertificateInput {
  @Field(() => ID, { description: 'The key pair (DigidCertificate id).' })
  id!: string;

  @Field(() => String, { description: 'The certificate in PEM form (a chain may follow it).' })
  certificatePem!: string;
}

@ObjectType({ description: 'The result of a DigiD certificate step.' })
export class DigidCertificatePayload extends Payload(DigidCertificate, 'certificate') {}
