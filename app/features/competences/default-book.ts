import type { CompetenceType } from "#db/schema/enums";
import type { Language } from "~/utils/i18n";

/**
 * The default competence book: our own texts, in nl, en and de, seeded into every new cluster in the
 * cluster's language (like the criteria book, docs/decisions/0300 and 1060).
 */
type Text = Record<Language, string>;
export type DefaultCompetence = { key: string; type: CompetenceType; name: Text; description: Text };

const c = (key: string, type: CompetenceType, name: Text, description: Text): DefaultCompetence => ({
  key,
  type,
  name,
  description,
});

export const defaultCompetenceBook: readonly DefaultCompetence[] = [
  c(
    "collaboration",
    "core",
    { nl: "Samenwerken", en: "Collaboration", de: "Zusammenarbeit" },
    {
      nl: "Werkt met anderen aan een gezamenlijk resultaat en deelt kennis en informatie.",
      en: "Works with others towards a shared result and shares knowledge and information.",
      de: "Arbeitet mit anderen an einem gemeinsamen Ergebnis und teilt Wissen und Informationen.",
    },
  ),
  c(
    "client-focus",
    "core",
    { nl: "Klantgerichtheid", en: "Client focus", de: "Kundenorientierung" },
    {
      nl: "Onderzoekt wat de cliënt nodig heeft en handelt daarnaar.",
      en: "Finds out what the client needs and acts on it.",
      de: "Findet heraus, was der Klient braucht, und handelt danach.",
    },
  ),
  c(
    "communication",
    "competence",
    { nl: "Communiceren", en: "Communication", de: "Kommunikation" },
    {
      nl: "Brengt een boodschap helder over, mondeling en schriftelijk, en luistert actief.",
      en: "Gets a message across clearly, in speech and in writing, and listens actively.",
      de: "Vermittelt eine Botschaft klar, mündlich und schriftlich, und hört aktiv zu.",
    },
  ),
  c(
    "planning",
    "competence",
    { nl: "Plannen en organiseren", en: "Planning and organising", de: "Planen und Organisieren" },
    {
      nl: "Stelt prioriteiten, plant werk en bewaakt de voortgang.",
      en: "Sets priorities, plans work and keeps track of progress.",
      de: "Setzt Prioritäten, plant Arbeit und überwacht den Fortschritt.",
    },
  ),
  c(
    "problem-solving",
    "competence",
    { nl: "Probleemoplossend vermogen", en: "Problem solving", de: "Problemlösungsfähigkeit" },
    {
      nl: "Ziet de kern van een probleem en komt met werkbare oplossingen.",
      en: "Sees the core of a problem and comes up with workable solutions.",
      de: "Erkennt den Kern eines Problems und findet praktikable Lösungen.",
    },
  ),
  c(
    "coaching",
    "functional",
    { nl: "Coachen", en: "Coaching", de: "Coaching" },
    {
      nl: "Helpt anderen hun talenten te ontwikkelen en geeft opbouwende feedback.",
      en: "Helps others develop their talents and gives constructive feedback.",
      de: "Hilft anderen, ihre Talente zu entwickeln, und gibt konstruktives Feedback.",
    },
  ),
  c(
    "leadership",
    "functional",
    { nl: "Leidinggeven", en: "Leadership", de: "Führung" },
    {
      nl: "Geeft richting aan een team, maakt afspraken en spreekt mensen erop aan.",
      en: "Gives a team direction, makes agreements and holds people to them.",
      de: "Gibt einem Team Richtung, trifft Vereinbarungen und spricht Menschen darauf an.",
    },
  ),
  c(
    "reporting",
    "functional",
    { nl: "Rapporteren", en: "Reporting", de: "Berichten" },
    {
      nl: "Legt werk en waarnemingen volledig en op tijd vast.",
      en: "Records work and observations completely and on time.",
      de: "Hält Arbeit und Beobachtungen vollständig und rechtzeitig fest.",
    },
  ),
  c(
    "digital-skills",
    "knowledge_area",
    { nl: "Digitale vaardigheden", en: "Digital skills", de: "Digitale Kompetenzen" },
    {
      nl: "Werkt vlot met de systemen en hulpmiddelen van de organisatie.",
      en: "Works fluently with the organisation's systems and tools.",
      de: "Arbeitet sicher mit den Systemen und Hilfsmitteln der Organisation.",
    },
  ),
  c(
    "laws-and-regulations",
    "knowledge_area",
    { nl: "Wet- en regelgeving", en: "Laws and regulations", de: "Gesetze und Vorschriften" },
    {
      nl: "Kent de wetten, regels en protocollen die voor het werk gelden.",
      en: "Knows the laws, rules and protocols that apply to the work.",
      de: "Kennt die Gesetze, Regeln und Protokolle, die für die Arbeit gelten.",
    },
  ),
  c(
    "integrity",
    "core_value",
    { nl: "Integriteit", en: "Integrity", de: "Integrität" },
    {
      nl: "Handelt eerlijk en volgens de normen en waarden van de organisatie.",
      en: "Acts honestly and in line with the organisation's standards and values.",
      de: "Handelt ehrlich und im Einklang mit den Normen und Werten der Organisation.",
    },
  ),
  c(
    "ownership",
    "core_value",
    { nl: "Eigenaarschap", en: "Ownership", de: "Eigenverantwortung" },
    {
      nl: "Neemt verantwoordelijkheid voor het eigen werk en de eigen ontwikkeling.",
      en: "Takes responsibility for their own work and their own development.",
      de: "Übernimmt Verantwortung für die eigene Arbeit und die eigene Entwicklung.",
    },
  ),
];

export function defaultCompetenceTexts(item: DefaultCompetence, language: Language) {
  return { name: item.name[language], description: item.description[language] };
}
