// The console's e-mail domains: a librarian adds a domain (a pending claim that lets nobody in),
// publishes its DNS record and checks it; an admin approves or refuses claims instead, and
// reviews the domains kept at the upgrade. Librarians of the institution and admins (console-guard),
// approvals admins only; every change audited by the repository.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InstitutionParams } from '../../../shared/schemas/console';
import { DomainBody, DomainReview, InstitutionDomains } from '../../../shared/schemas/console-access';
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
import { answer, consoleErrors as errors, consoleGuard } from './console-guard';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const { institutionFor, requireAdmin } = consoleGuard(app);
  const proof = createDomainProof(app.config.dnsServers);
  const base = '/console/institutions/:institutionId/access/domains';
  const change = {
    preHandler: app.requireUser,
    schema: { params: InstitutionParams, body: DomainBody, response: { 200: InstitutionDomains, ...errors } },
  };

  app.post(base, change, async (req) => {
    const inst = await institutionFor(req, req.params.institutionId);
    return { domains: answer(await addDomain(db, inst.id, req.body.domain, req.user!.id)) };
  });

  app.post(`${base}/remove`, change, async (req) => {
    const inst = await institutionFor(req, req.params.institutionId);
    return { domains: answer(await removeDomain(db, inst.id, req.body.domain, req.user!.id)) };
  });

  /** Looks the domain's TXT record up now; found, the domain counts from now on. */
  app.post(`${base}/check`, change, async (req) => {
    const inst = await institutionFor(req, req.params.institutionId);
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
    return { domains: answer(await proveDomain(db, inst.id, domain, 'dns', req.user!.id)) };
  });

  app.post(`${base}/approve`, change, async (req) => {
    await requireAdmin(req);
    const inst = await institutionFor(req, req.params.institutionId);
    return { domains: answer(await proveDomain(db, inst.id, req.body.domain, 'admin', req.user!.id)) };
  });

  app.post(`${base}/refuse`, change, async (req) => {
    await requireAdmin(req);
    const inst = await institutionFor(req, req.params.institutionId);
    return { domains: answer(await refuseDomain(db, inst.id, req.body.domain, req.user!.id)) };
  });

  app.get('/console/domains', { preHandler: app.requireUser, schema: { response: { 200: DomainReview, ...errors } } }, async (req) => {
    await requireAdmin(req);
    return { domains: await domainsToReview(db) };
  });
};
export default routes;
