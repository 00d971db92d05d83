import type { Language } from "~/utils/i18n";
import type { LevelName } from "./scales";

/**
 * The default criteria book: our own texts, ten criteria per dimension, in nl, en and de. Seeded into
 * every new cluster in the cluster's language (docs/decisions/0300). Each criterion has its own
 * description; the characteristic of a level combines the criterion's behaviour with the level.
 */
type Text = Record<Language, string>;
type DefaultCriterion = { key: string; dimension: 1 | 2 | 3; name: Text; description: Text; behaviour: Text };

const c = (key: string, dimension: 1 | 2 | 3, name: Text, description: Text, behaviour: Text): DefaultCriterion => ({
  key,
  dimension,
  name,
  description,
  behaviour,
});

export const defaultCriteriaBook: readonly DefaultCriterion[] = [
  // 1 performance
  c(
    "quality",
    1,
    { nl: "Kwaliteit van werk", en: "Quality of work", de: "Arbeitsqualität" },
    {
      nl: "Levert werk dat klopt, volledig is en aan de afspraken voldoet.",
      en: "Delivers work that is correct, complete and meets what was agreed.",
      de: "Liefert Arbeit, die korrekt und vollständig ist und den Vereinbarungen entspricht.",
    },
    {
      nl: "zorgvuldig en foutloos werken",
      en: "working carefully and without errors",
      de: "sorgfältiges und fehlerfreies Arbeiten",
    },
  ),
  c(
    "productivity",
    1,
    { nl: "Productiviteit", en: "Productivity", de: "Produktivität" },
    {
      nl: "Haalt de afgesproken hoeveelheid werk binnen de beschikbare tijd.",
      en: "Completes the agreed amount of work within the time available.",
      de: "Erledigt die vereinbarte Arbeitsmenge in der verfügbaren Zeit.",
    },
    { nl: "tempo en volume halen", en: "keeping up pace and volume", de: "Tempo und Menge halten" },
  ),
  c(
    "reliability",
    1,
    { nl: "Betrouwbaarheid", en: "Reliability", de: "Zuverlässigkeit" },
    {
      nl: "Komt afspraken na en is aanspreekbaar op het resultaat.",
      en: "Keeps agreements and can be held to account for results.",
      de: "Hält Vereinbarungen ein und steht für das Ergebnis ein.",
    },
    { nl: "afspraken nakomen", en: "keeping agreements", de: "Vereinbarungen einhalten" },
  ),
  c(
    "client-focus",
    1,
    { nl: "Klantgerichtheid", en: "Client focus", de: "Kundenorientierung" },
    {
      nl: "Kent de wensen van cliënten of klanten en stemt het werk daarop af.",
      en: "Knows what clients need and shapes the work to it.",
      de: "Kennt die Wünsche der Kundinnen und Kunden und richtet die Arbeit danach aus.",
    },
    {
      nl: "inspelen op wat de klant nodig heeft",
      en: "responding to what the client needs",
      de: "Eingehen auf Kundenbedürfnisse",
    },
  ),
  c(
    "cooperation",
    1,
    { nl: "Samenwerken", en: "Cooperation", de: "Zusammenarbeit" },
    {
      nl: "Werkt met collega's aan een gezamenlijk resultaat en deelt informatie.",
      en: "Works with colleagues towards a shared result and shares information.",
      de: "Arbeitet mit Kolleginnen und Kollegen auf ein gemeinsames Ergebnis hin und teilt Informationen.",
    },
    { nl: "samenwerken met collega's", en: "working with colleagues", de: "Zusammenarbeit mit Kollegen" },
  ),
  c(
    "planning",
    1,
    { nl: "Plannen en organiseren", en: "Planning and organising", de: "Planen und Organisieren" },
    {
      nl: "Verdeelt werk en tijd zo dat deadlines gehaald worden.",
      en: "Divides work and time so that deadlines are met.",
      de: "Teilt Arbeit und Zeit so ein, dass Fristen eingehalten werden.",
    },
    { nl: "plannen en prioriteren", en: "planning and prioritising", de: "Planen und Priorisieren" },
  ),
  c(
    "expertise",
    1,
    { nl: "Vakkennis", en: "Professional knowledge", de: "Fachwissen" },
    {
      nl: "Beheerst de kennis en vaardigheden die het vak vraagt.",
      en: "Masters the knowledge and skills the job requires.",
      de: "Beherrscht das Wissen und die Fertigkeiten, die die Tätigkeit verlangt.",
    },
    { nl: "vakkennis toepassen", en: "applying professional knowledge", de: "Anwenden von Fachwissen" },
  ),
  c(
    "communication",
    1,
    { nl: "Communicatie", en: "Communication", de: "Kommunikation" },
    {
      nl: "Brengt informatie helder over, mondeling en schriftelijk.",
      en: "Conveys information clearly, spoken and written.",
      de: "Vermittelt Informationen klar, mündlich und schriftlich.",
    },
    { nl: "helder communiceren", en: "communicating clearly", de: "klare Kommunikation" },
  ),
  c(
    "safety",
    1,
    { nl: "Veilig werken", en: "Working safely", de: "Sicheres Arbeiten" },
    {
      nl: "Volgt protocollen en let op de veiligheid van zichzelf en anderen.",
      en: "Follows protocols and looks after the safety of self and others.",
      de: "Befolgt Protokolle und achtet auf die eigene Sicherheit und die anderer.",
    },
    {
      nl: "veilig en volgens protocol werken",
      en: "working safely and by protocol",
      de: "sicheres Arbeiten nach Protokoll",
    },
  ),
  c(
    "ownership",
    1,
    { nl: "Verantwoordelijkheid nemen", en: "Taking ownership", de: "Verantwortung übernehmen" },
    {
      nl: "Pakt problemen op zonder te wachten tot een ander dat doet.",
      en: "Picks up problems without waiting for someone else to do so.",
      de: "Nimmt Probleme in Angriff, ohne darauf zu warten, dass andere es tun.",
    },
    { nl: "eigenaarschap tonen", en: "showing ownership", de: "Eigenverantwortung zeigen" },
  ),
  // 2 potential
  c(
    "learning",
    2,
    { nl: "Leervermogen", en: "Learning ability", de: "Lernfähigkeit" },
    {
      nl: "Leert snel nieuwe dingen en past ze toe in het werk.",
      en: "Learns new things quickly and applies them at work.",
      de: "Lernt schnell Neues und wendet es in der Arbeit an.",
    },
    { nl: "nieuwe dingen leren", en: "learning new things", de: "Neues lernen" },
  ),
  c(
    "curiosity",
    2,
    { nl: "Nieuwsgierigheid", en: "Curiosity", de: "Neugier" },
    {
      nl: "Stelt vragen, zoekt uit hoe het beter kan en kijkt over de grenzen van de eigen taak.",
      en: "Asks questions, looks for better ways and looks beyond the own task.",
      de: "Stellt Fragen, sucht nach Verbesserungen und blickt über die eigene Aufgabe hinaus.",
    },
    { nl: "vragen stellen en verkennen", en: "asking and exploring", de: "Fragen und Erkunden" },
  ),
  c(
    "initiative",
    2,
    { nl: "Initiatief", en: "Initiative", de: "Initiative" },
    {
      nl: "Komt uit zichzelf met voorstellen en zet ze in gang.",
      en: "Comes up with proposals unprompted and sets them in motion.",
      de: "Bringt von sich aus Vorschläge ein und setzt sie in Gang.",
    },
    { nl: "initiatief nemen", en: "taking initiative", de: "Initiative ergreifen" },
  ),
  c(
    "leadership",
    2,
    { nl: "Leiderschap", en: "Leadership", de: "Führung" },
    {
      nl: "Geeft richting, neemt anderen mee en spreekt mensen aan.",
      en: "Gives direction, brings others along and holds people to account.",
      de: "Gibt Richtung vor, nimmt andere mit und spricht Dinge an.",
    },
    { nl: "anderen richting geven", en: "giving others direction", de: "anderen Orientierung geben" },
  ),
  c(
    "overview",
    2,
    { nl: "Overzicht en samenhang", en: "Seeing the bigger picture", de: "Überblick und Zusammenhänge" },
    {
      nl: "Ziet hoe het eigen werk samenhangt met dat van het team en de organisatie.",
      en: "Sees how the own work connects with the team's and the organisation's.",
      de: "Erkennt, wie die eigene Arbeit mit der des Teams und der Organisation zusammenhängt.",
    },
    { nl: "verbanden zien", en: "seeing connections", de: "Zusammenhänge erkennen" },
  ),
  c(
    "ambition",
    2,
    { nl: "Ambitie", en: "Ambition", de: "Ehrgeiz" },
    {
      nl: "Wil groeien en werkt gericht aan de eigen ontwikkeling.",
      en: "Wants to grow and works purposefully on own development.",
      de: "Möchte wachsen und arbeitet gezielt an der eigenen Entwicklung.",
    },
    { nl: "werken aan de eigen groei", en: "working on own growth", de: "Arbeit am eigenen Wachstum" },
  ),
  c(
    "problem-solving",
    2,
    { nl: "Probleemoplossend vermogen", en: "Problem solving", de: "Problemlösung" },
    {
      nl: "Analyseert problemen en vindt werkbare oplossingen, ook in nieuwe situaties.",
      en: "Analyses problems and finds workable solutions, also in new situations.",
      de: "Analysiert Probleme und findet praktikable Lösungen, auch in neuen Situationen.",
    },
    { nl: "problemen oplossen", en: "solving problems", de: "Probleme lösen" },
  ),
  c(
    "reflection",
    2,
    { nl: "Zelfreflectie", en: "Self-reflection", de: "Selbstreflexion" },
    {
      nl: "Kijkt kritisch naar het eigen handelen en vraagt om feedback.",
      en: "Looks critically at own actions and asks for feedback.",
      de: "Betrachtet das eigene Handeln kritisch und bittet um Feedback.",
    },
    {
      nl: "reflecteren en feedback vragen",
      en: "reflecting and asking for feedback",
      de: "Reflektieren und Feedback einholen",
    },
  ),
  c(
    "influence",
    2,
    { nl: "Overtuigingskracht", en: "Persuasiveness", de: "Überzeugungskraft" },
    {
      nl: "Krijgt anderen mee met argumenten en een open houding.",
      en: "Wins others over with arguments and an open attitude.",
      de: "Gewinnt andere mit Argumenten und einer offenen Haltung.",
    },
    { nl: "anderen overtuigen", en: "persuading others", de: "andere überzeugen" },
  ),
  c(
    "innovation",
    2,
    { nl: "Vernieuwend denken", en: "Innovative thinking", de: "Innovatives Denken" },
    {
      nl: "Bedenkt nieuwe werkwijzen en durft ze uit te proberen.",
      en: "Thinks up new ways of working and dares to try them.",
      de: "Entwickelt neue Arbeitsweisen und probiert sie aus.",
    },
    { nl: "vernieuwen", en: "innovating", de: "Erneuern" },
  ),
  // 3 employability
  c(
    "flexibility",
    3,
    { nl: "Flexibiliteit", en: "Flexibility", de: "Flexibilität" },
    {
      nl: "Past zich aan veranderende omstandigheden, taken en roosters aan.",
      en: "Adapts to changing circumstances, tasks and schedules.",
      de: "Passt sich an veränderte Umstände, Aufgaben und Dienstpläne an.",
    },
    { nl: "zich aanpassen", en: "adapting", de: "Anpassung" },
  ),
  c(
    "change",
    3,
    { nl: "Omgaan met verandering", en: "Dealing with change", de: "Umgang mit Veränderung" },
    {
      nl: "Staat open voor veranderingen en helpt ze te laten slagen.",
      en: "Is open to change and helps it succeed.",
      de: "Ist offen für Veränderungen und trägt zu ihrem Gelingen bei.",
    },
    { nl: "meegaan met verandering", en: "going along with change", de: "Veränderungen mittragen" },
  ),
  c(
    "broad-deployability",
    3,
    { nl: "Brede inzetbaarheid", en: "Broad deployability", de: "Breite Einsetzbarkeit" },
    {
      nl: "Kan op meerdere plekken en in meerdere taken worden ingezet.",
      en: "Can be deployed in several places and several tasks.",
      de: "Kann an mehreren Stellen und für mehrere Aufgaben eingesetzt werden.",
    },
    { nl: "breed inzetbaar zijn", en: "being broadly deployable", de: "breite Einsetzbarkeit" },
  ),
  c(
    "vitality",
    3,
    { nl: "Vitaliteit", en: "Vitality", de: "Vitalität" },
    {
      nl: "Houdt energie en balans en zorgt goed voor de eigen gezondheid.",
      en: "Keeps energy and balance and looks after own health.",
      de: "Bewahrt Energie und Balance und achtet auf die eigene Gesundheit.",
    },
    { nl: "energie en balans houden", en: "keeping energy and balance", de: "Energie und Balance halten" },
  ),
  c(
    "resilience",
    3,
    { nl: "Veerkracht", en: "Resilience", de: "Belastbarkeit" },
    {
      nl: "Blijft effectief onder druk en herstelt na tegenslag.",
      en: "Stays effective under pressure and recovers after setbacks.",
      de: "Bleibt unter Druck wirksam und erholt sich nach Rückschlägen.",
    },
    { nl: "omgaan met druk", en: "handling pressure", de: "Umgang mit Druck" },
  ),
  c(
    "digital-skills",
    3,
    { nl: "Digitale vaardigheden", en: "Digital skills", de: "Digitale Kompetenzen" },
    {
      nl: "Werkt vlot met de systemen en hulpmiddelen van de organisatie en leert nieuwe snel.",
      en: "Works smoothly with the organisation's systems and tools and learns new ones quickly.",
      de: "Arbeitet sicher mit den Systemen und Werkzeugen der Organisation und lernt neue schnell.",
    },
    { nl: "digitaal werken", en: "working digitally", de: "digitales Arbeiten" },
  ),
  c(
    "career-awareness",
    3,
    { nl: "Loopbaanbewustzijn", en: "Career awareness", de: "Laufbahnbewusstsein" },
    {
      nl: "Weet wat de eigen kwaliteiten zijn en denkt na over de volgende stap.",
      en: "Knows own strengths and thinks about the next step.",
      de: "Kennt die eigenen Stärken und denkt über den nächsten Schritt nach.",
    },
    { nl: "richting geven aan de eigen loopbaan", en: "steering own career", de: "Steuerung der eigenen Laufbahn" },
  ),
  c(
    "network",
    3,
    { nl: "Netwerken", en: "Networking", de: "Netzwerken" },
    {
      nl: "Bouwt contacten op binnen en buiten de organisatie en gebruikt ze.",
      en: "Builds contacts inside and outside the organisation and uses them.",
      de: "Baut Kontakte innerhalb und außerhalb der Organisation auf und nutzt sie.",
    },
    { nl: "contacten leggen en gebruiken", en: "building and using contacts", de: "Kontakte knüpfen und nutzen" },
  ),
  c(
    "continuous-learning",
    3,
    { nl: "Blijven leren", en: "Lifelong learning", de: "Lebenslanges Lernen" },
    {
      nl: "Houdt kennis en vaardigheden bij met cursussen, lezen en leren van anderen.",
      en: "Keeps knowledge and skills up to date through courses, reading and learning from others.",
      de: "Hält Wissen und Fähigkeiten durch Kurse, Lesen und Lernen von anderen aktuell.",
    },
    { nl: "kennis bijhouden", en: "keeping knowledge up to date", de: "Wissen aktuell halten" },
  ),
  c(
    "mobility",
    3,
    { nl: "Mobiliteit", en: "Mobility", de: "Mobilität" },
    {
      nl: "Is bereid van team, locatie of functie te wisselen als dat nodig is.",
      en: "Is willing to change team, location or job when needed.",
      de: "Ist bereit, bei Bedarf Team, Standort oder Funktion zu wechseln.",
    },
    { nl: "wisselen van plek of functie", en: "moving to another place or job", de: "Wechsel von Ort oder Funktion" },
  ),
];

const levelTemplates: Record<Language, Record<LevelName, string>> = {
  nl: {
    excellent: "Uitstekend in {{b}}: een voorbeeld voor anderen, ook in moeilijke situaties.",
    good: "Goed in {{b}}: doet dit consequent en zonder begeleiding.",
    normal: "Voldoende in {{b}}: doet wat verwacht wordt, soms met ondersteuning.",
    mediocre: "Matig in {{b}}: laat dit wisselend zien en heeft regelmatig hulp nodig.",
    low: "Onvoldoende in {{b}}: laat dit nog weinig zien; hier is ontwikkeling nodig.",
  },
  en: {
    excellent: "Excellent at {{b}}: an example to others, also in difficult situations.",
    good: "Good at {{b}}: does this consistently and without guidance.",
    normal: "Adequate at {{b}}: does what is expected, sometimes with support.",
    mediocre: "Mediocre at {{b}}: shows this unevenly and often needs help.",
    low: "Insufficient at {{b}}: shows this little so far; development is needed here.",
  },
  de: {
    excellent: "Hervorragend beim Thema „{{b}}“: ein Vorbild für andere, auch in schwierigen Situationen.",
    good: "Gut beim Thema „{{b}}“: zeigt dies beständig und ohne Anleitung.",
    normal: "Ausreichend beim Thema „{{b}}“: erfüllt die Erwartungen, manchmal mit Unterstützung.",
    mediocre: "Mäßig beim Thema „{{b}}“: zeigt dies wechselhaft und braucht oft Hilfe.",
    low: "Ungenügend beim Thema „{{b}}“: zeigt dies bisher wenig; hier ist Entwicklung nötig.",
  },
};

/** Name, description and the five characteristics of a default criterion in one language. */
export function defaultCriterionTexts(criterion: DefaultCriterion, language: Language) {
  const templates = levelTemplates[language];
  const characteristics = Object.fromEntries(
    Object.entries(templates).map(([level, template]) => [
      level,
      template.replace("{{b}}", criterion.behaviour[language]),
    ]),
  ) as Record<LevelName, string>;
  return { name: criterion.name[language], description: criterion.description[language], characteristics };
}

/** The system criteria tag every cluster starts with (one per dimension is enough to filter on). */
export const defaultCriteriaTagName: Text = { nl: "Standaard", en: "Default", de: "Standard" };
