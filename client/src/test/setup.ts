import { configure } from '@testing-library/react';

// `npm test` runs these tests beside the server tests on two cores: a lazily loaded screen can take longer than
// Testing Library's default second to appear (a `findBy…` gave up on a screen still "Bezig met laden" in CI). Waiting
// costs nothing when the screen is there sooner.
configure({ asyncUtilTimeout: 5000 });
