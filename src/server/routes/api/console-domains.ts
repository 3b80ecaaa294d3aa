// The console's e-mail domains: a librarian adds a domain (a pending claim that lets nobody in),
// publishes its DNS record and checks it; an admin approves or refuses claims instead, and
// reviews the domains kept at the upgrade. Librarians of the institution and admins (console-guard),
// approvals admins only; every change audited by the repository.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {} from '../../../shared/schemas/console-access';
import {
  addDomain,
  claimToCheck,
  domainsToReview,
  institutionDomains,
  noteDomainCheck,
  proveDomain,
  refuseDomain,
  removeDomain,
} from '../../repositories/institution-domains';
import { createDomainProof } from '../../services/domain-proof';
import { LIMITS, spend } from '../../services/rate-limit';
import { adminOnly, answer } from './console-guard';
import { route } from '../endpoint';
import * as endpoints from '../../../shared/endpoints';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const proof = createDomainProof(app.config.dnsServers);
  route(app, endpoints.consoleAccessDomains, async (req) => {
    const inst = req.consoleInstitution;
    return { domains: answer(await addDomain(db, inst.id, req.body.domain, req.signedInUser.id)) };
  });

  route(app, endpoints.consoleAccessDomainsRemove, async (req) => {
    const inst = req.consoleInstitution;
    return { domains: answer(await removeDomain(db, inst.id, req.body.domain, req.signedInUser.id)) };
  });

  /** Looks the domain's TXT record up now; found, the domain counts from now on. */
  route(app, endpoints.consoleAccessDomainsCheck, async (req) => {
    const inst = req.consoleInstitution;
    const { domain } = req.body;
    const claim = answer(await claimToCheck(db, inst.id, domain));
    if (claim.proven) return { domains: await institutionDomains(db, inst.id) };
    await spend(db, [
      [LIMITS.domainCheckPerClaim, `${inst.id}:${domain}`],
      [LIMITS.domainCheckPerInstitution, String(inst.id)],
    ]);
    const found = await proof.check(domain, claim.token);
    if (found !== 'found') {
      await noteDomainCheck(db, inst.id, domain, found);
      return { domains: await institutionDomains(db, inst.id) };
    }
    // Refused when another institution proved it meanwhile: the first proof holds it.
    return { domains: answer(await proveDomain(db, inst.id, domain, 'dns', req.signedInUser.id)) };
  });

  route(app, endpoints.consoleAccessDomainsApprove, adminOnly, async (req) => {
    const inst = req.consoleInstitution;
    return { domains: answer(await proveDomain(db, inst.id, req.body.domain, 'admin', req.signedInUser.id)) };
  });

  route(app, endpoints.consoleAccessDomainsRefuse, adminOnly, async (req) => {
    const inst = req.consoleInstitution;
    return { domains: answer(await refuseDomain(db, inst.id, req.body.domain, req.signedInUser.id)) };
  });

  route(app, endpoints.consoleDomains, adminOnly, async () => ({
    domains: await domainsToReview(db),
  }));
};
export default routes;
