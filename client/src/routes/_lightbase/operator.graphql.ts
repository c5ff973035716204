import { graphql } from '../../graphql/generated';

export const OperatorConsoleDocument = graphql(`
  query OperatorConsole {
    operator {
      id
      email
      name
      sessionExpiresAt
      acting {
        municipalityId
        municipalityName
        reason
        until
      }
    }
    operatorConsole {
      municipalities {
        id
        name
        slug
        persons
        activeAssignments
        providers
        ordersThisMonth
        budgetGrantedCents
        budgetSpentCents
      }
      health {
        jobs {
          running
          waiting
          scheduled
          retrying
          failed
        }
        failedMails
        stoppedRefunds
        databaseSizeBytes
        digidCertificateExpiresAt
      }
    }
  }
`);

export const RequestOperatorLoginLinkDocument = graphql(`
  mutation RequestOperatorLoginLink($email: String!) {
    requestOperatorLoginLink(email: $email) {
      message
      errors {
        field
        code
        message
      }
    }
  }
`);

export const CompleteOperatorLoginDocument = graphql(`
  mutation CompleteOperatorLogin($token: String!) {
    completeOperatorLogin(token: $token) {
      operator {
        id
      }
      errors {
        field
        code
        message
      }
    }
  }
`);

export const OperatorLogoutDocument = graphql(`
  mutation OperatorLogout {
    operatorLogout
  }
`);

export const CreateMunicipalityDocument = graphql(`
  mutation CreateMunicipality($input: CreateMunicipalityInput!) {
    createMunicipality(input: $input) {
      municipality {
        id
        name
        slug
      }
      errors {
        field
        code
        message
      }
    }
  }
`);

export const StartOperatorActDocument = graphql(`
  mutation StartOperatorAct($input: StartOperatorActInput!) {
    startOperatorAct(input: $input) {
      operator {
        id
        acting {
          municipalityId
          municipalityName
          reason
          until
        }
      }
      errors {
        field
        code
        message
      }
    }
  }
`);

export const StopOperatorActDocument = graphql(`
  mutation StopOperatorAct {
    stopOperatorAct {
      operator {
        id
        acting {
          municipalityId
        }
      }
      errors {
        field
        code
        message
      }
    }
  }
`);
