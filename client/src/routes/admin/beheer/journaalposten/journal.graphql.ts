import { graphql } from '@/graphql/generated';

/** The documents both journaalposten screens use. */
export const JournalMunicipalitiesDocument = graphql(`
  query JournalMunicipalities {
    viewer {
      municipalities {
        id
        name
      }
    }
  }
`);

export const JournalLedgerCodesDocument = graphql(`
  query JournalLedgerCodes($municipalityId: ID!) {
    journalLedgerCodes(municipalityId: $municipalityId) {
      municipalityId
      numberFormat
      journalCode
      kinds {
        kind
        label
        explanation
        perArrangement
      }
      codes {
        kind
        arrangementId
        arrangementName
        glAccount
        costCentre
      }
      arrangements {
        id
        name
      }
    }
  }
`);
