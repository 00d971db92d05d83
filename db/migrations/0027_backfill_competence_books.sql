-- Data migration (docs/decisions/1300): every existing cluster without any competence gets the default
-- competence book (app/features/competences/default-book.ts as of this migration), in the language most of
-- its members use (nl when it has none). Idempotent: a cluster with any competence, archived included, is
-- left alone, and a name the cluster already has is skipped.
with book(source_key, type, lang, name, description) as (values
  ('collaboration', 'core', 'nl', 'Samenwerken', 'Werkt met anderen aan een gezamenlijk resultaat en deelt kennis en informatie.'),
  ('collaboration', 'core', 'en', 'Collaboration', 'Works with others towards a shared result and shares knowledge and information.'),
  ('collaboration', 'core', 'de', 'Zusammenarbeit', 'Arbeitet mit anderen an einem gemeinsamen Ergebnis und teilt Wissen und Informationen.'),
  ('client-focus', 'core', 'nl', 'Klantgerichtheid', 'Onderzoekt wat de cliënt nodig heeft en handelt daarnaar.'),
  ('client-focus', 'core', 'en', 'Client focus', 'Finds out what the client needs and acts on it.'),
  ('client-focus', 'core', 'de', 'Kundenorientierung', 'Findet heraus, was der Klient braucht, und handelt danach.'),
  ('communication', 'competence', 'nl', 'Communiceren', 'Brengt een boodschap helder over, mondeling en schriftelijk, en luistert actief.'),
  ('communication', 'competence', 'en', 'Communication', 'Gets a message across clearly, in speech and in writing, and listens actively.'),
  ('communication', 'competence', 'de', 'Kommunikation', 'Vermittelt eine Botschaft klar, mündlich und schriftlich, und hört aktiv zu.'),
  ('planning', 'competence', 'nl', 'Plannen en organiseren', 'Stelt prioriteiten, plant werk en bewaakt de voortgang.'),
  ('planning', 'competence', 'en', 'Planning and organising', 'Sets priorities, plans work and keeps track of progress.'),
  ('planning', 'competence', 'de', 'Planen und Organisieren', 'Setzt Prioritäten, plant Arbeit und überwacht den Fortschritt.'),
  ('problem-solving', 'competence', 'nl', 'Probleemoplossend vermogen', 'Ziet de kern van een probleem en komt met werkbare oplossingen.'),
  ('problem-solving', 'competence', 'en', 'Problem solving', 'Sees the core of a problem and comes up with workable solutions.'),
  ('problem-solving', 'competence', 'de', 'Problemlösungsfähigkeit', 'Erkennt den Kern eines Problems und findet praktikable Lösungen.'),
  ('coaching', 'functional', 'nl', 'Coachen', 'Helpt anderen hun talenten te ontwikkelen en geeft opbouwende feedback.'),
  ('coaching', 'functional', 'en', 'Coaching', 'Helps others develop their talents and gives constructive feedback.'),
  ('coaching', 'functional', 'de', 'Coaching', 'Hilft anderen, ihre Talente zu entwickeln, und gibt konstruktives Feedback.'),
  ('leadership', 'functional', 'nl', 'Leidinggeven', 'Geeft richting aan een team, maakt afspraken en spreekt mensen erop aan.'),
  ('leadership', 'functional', 'en', 'Leadership', 'Gives a team direction, makes agreements and holds people to them.'),
  ('leadership', 'functional', 'de', 'Führung', 'Gibt einem Team Richtung, trifft Vereinbarungen und spricht Menschen darauf an.'),
  ('reporting', 'functional', 'nl', 'Rapporteren', 'Legt werk en waarnemingen volledig en op tijd vast.'),
  ('reporting', 'functional', 'en', 'Reporting', 'Records work and observations completely and on time.'),
  ('reporting', 'functional', 'de', 'Berichten', 'Hält Arbeit und Beobachtungen vollständig und rechtzeitig fest.'),
  ('digital-skills', 'knowledge_area', 'nl', 'Digitale vaardigheden', 'Werkt vlot met de systemen en hulpmiddelen van de organisatie.'),
  ('digital-skills', 'knowledge_area', 'en', 'Digital skills', 'Works fluently with the organisation''s systems and tools.'),
  ('digital-skills', 'knowledge_area', 'de', 'Digitale Kompetenzen', 'Arbeitet sicher mit den Systemen und Hilfsmitteln der Organisation.'),
  ('laws-and-regulations', 'knowledge_area', 'nl', 'Wet- en regelgeving', 'Kent de wetten, regels en protocollen die voor het werk gelden.'),
  ('laws-and-regulations', 'knowledge_area', 'en', 'Laws and regulations', 'Knows the laws, rules and protocols that apply to the work.'),
  ('laws-and-regulations', 'knowledge_area', 'de', 'Gesetze und Vorschriften', 'Kennt die Gesetze, Regeln und Protokolle, die für die Arbeit gelten.'),
  ('integrity', 'core_value', 'nl', 'Integriteit', 'Handelt eerlijk en volgens de normen en waarden van de organisatie.'),
  ('integrity', 'core_value', 'en', 'Integrity', 'Acts honestly and in line with the organisation''s standards and values.'),
  ('integrity', 'core_value', 'de', 'Integrität', 'Handelt ehrlich und im Einklang mit den Normen und Werten der Organisation.'),
  ('ownership', 'core_value', 'nl', 'Eigenaarschap', 'Neemt verantwoordelijkheid voor het eigen werk en de eigen ontwikkeling.'),
  ('ownership', 'core_value', 'en', 'Ownership', 'Takes responsibility for their own work and their own development.'),
  ('ownership', 'core_value', 'de', 'Eigenverantwortung', 'Übernimmt Verantwortung für die eigene Arbeit und die eigene Entwicklung.')
),
bare as (
  select c.id, c.account_id,
    coalesce((
      select mode() within group (order by u.language)
      from memberships m join users u on u.id = m.user_id
      where m.cluster_id = c.id and m.deleted_at is null and u.deleted_at is null
    ), 'nl') as lang
  from clusters c
  where c.deleted_at is null
    and not exists (select 1 from competences x where x.cluster_id = c.id)
)
insert into competences (account_id, cluster_id, type, name, description, source_key)
select bare.account_id, bare.id, book.type, book.name, book.description, book.source_key
from bare join book on book.lang = bare.lang
on conflict do nothing;
