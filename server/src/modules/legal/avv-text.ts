import { OPERATOR } from './operator';

export interface AvvSection {
  heading: string;
  paragraphs: string[];
}

export const AVV_TITLE = 'Vertrag über die Verarbeitung personenbezogener Daten im Auftrag';
export const AVV_SUBTITLE =
  'Auftragsverarbeitungsvertrag (AVV) gemäß Art. 28 Datenschutz-Grundverordnung (DSGVO)';

export const AVV_PARTIES = [
  'zwischen',
  'dem Unternehmen, das das Schaltschrank-Portal als Kunde oder Lieferant nutzt,',
  '– nachfolgend „Auftraggeber“ oder „Verantwortlicher“ –',
  'und',
  `der ${OPERATOR.name}, ${OPERATOR.street}, ${OPERATOR.city},`,
  '– nachfolgend „Auftragnehmer“ oder „Auftragsverarbeiter“ –',
];

/** The agreement's text (German, SPEC §1: "download of the data processing agreement"). */
export const AVV_SECTIONS: AvvSection[] = [
  {
    heading: '§ 1 Gegenstand und Dauer des Auftrags',
    paragraphs: [
      'Der Auftragnehmer betreibt das Schaltschrank-Portal, eine B2B-Plattform für die Anfrage, das Angebot, die Bestellung und die Abwicklung von Schaltschränken und Verdrahtungsleistungen. Im Rahmen der Nutzung des Portals verarbeitet der Auftragnehmer personenbezogene Daten, für die der Auftraggeber Verantwortlicher im Sinne von Art. 4 Nr. 7 DSGVO ist.',
      'Dieser Vertrag konkretisiert die datenschutzrechtlichen Pflichten der Parteien. Er gilt für alle Tätigkeiten, bei denen Beschäftigte des Auftragnehmers oder von ihm beauftragte Unterauftragsverarbeiter personenbezogene Daten des Auftraggebers verarbeiten.',
      'Die Laufzeit dieses Vertrages richtet sich nach der Laufzeit der Nutzung des Portals durch den Auftraggeber. Er endet, ohne dass es einer Kündigung bedarf, mit der Deaktivierung des Unternehmenskontos und der Löschung der Daten nach § 10.',
    ],
  },
  {
    heading: '§ 2 Art und Zweck der Verarbeitung, Art der Daten und Kreis der Betroffenen',
    paragraphs: [
      'Zweck der Verarbeitung ist die Bereitstellung des Portals: Verwaltung der Nutzerkonten, Austausch von Anfragen, Stücklisten, Stromlaufplänen, Angeboten, Bestellungen und Auftragsbestätigungen, Nachrichten im Chat, Benachrichtigungen sowie die Ablage von Projektdateien im Projektordner.',
      'Art der Verarbeitung: Erheben, Speichern, Ordnen, Anpassen, Auslesen, Abfragen, Übermitteln an die vom Auftraggeber bestimmten Geschäftspartner im Portal, Einschränken und Löschen.',
      'Art der Daten: Vor- und Nachname, geschäftliche E-Mail-Adresse und Telefonnummer, Unternehmenszugehörigkeit und Rolle, Anmeldedaten (das Passwort ausschließlich als Argon2id-Hashwert), Anmeldezeitpunkte und -zähler, Inhalte von Nachrichten sowie personenbezogene Angaben in hochgeladenen Dokumenten.',
      'Kreis der Betroffenen: Beschäftigte und Beauftragte des Auftraggebers, die das Portal nutzen, sowie Ansprechpartner von Geschäftspartnern und vom Auftraggeber eingeladene externe Gäste.',
    ],
  },
  {
    heading: '§ 3 Weisungsbefugnis des Auftraggebers',
    paragraphs: [
      'Der Auftragnehmer verarbeitet die Daten ausschließlich im Rahmen der getroffenen Vereinbarungen und nach dokumentierten Weisungen des Auftraggebers, es sei denn, er ist durch das Recht der Europäischen Union oder eines Mitgliedstaates zur Verarbeitung verpflichtet. In diesem Fall teilt er dem Auftraggeber diese rechtlichen Anforderungen vor der Verarbeitung mit, sofern das betreffende Recht eine solche Mitteilung nicht verbietet.',
      'Weisungen erteilt der Auftraggeber grundsätzlich durch die Nutzung der Funktionen des Portals, im Übrigen in Textform. Ist der Auftragnehmer der Auffassung, dass eine Weisung gegen Datenschutzvorschriften verstößt, weist er den Auftraggeber unverzüglich darauf hin und darf die Ausführung bis zur Bestätigung oder Änderung aussetzen.',
    ],
  },
  {
    heading: '§ 4 Pflichten des Auftragnehmers',
    paragraphs: [
      'Der Auftragnehmer setzt bei der Verarbeitung nur Personen ein, die auf die Vertraulichkeit verpflichtet und mit den einschlägigen Bestimmungen des Datenschutzes vertraut gemacht wurden. Die Verpflichtung zur Vertraulichkeit besteht auch nach Beendigung ihrer Tätigkeit fort.',
      'Der Auftragnehmer unterstützt den Auftraggeber bei der Einhaltung der in Art. 32 bis 36 DSGVO genannten Pflichten, insbesondere bei Datenschutz-Folgenabschätzungen und vorherigen Konsultationen der Aufsichtsbehörde.',
      'Die Verarbeitung findet ausschließlich in Rechenzentren innerhalb der Europäischen Union statt. Jede Verlagerung in ein Drittland bedarf der vorherigen Zustimmung des Auftraggebers und der Erfüllung der Voraussetzungen der Art. 44 ff. DSGVO.',
      `Ansprechpartner für den Datenschutz beim Auftragnehmer ist der ${OPERATOR.privacyOfficer}, E-Mail: ${OPERATOR.mail}.`,
    ],
  },
  {
    heading: '§ 5 Technische und organisatorische Maßnahmen',
    paragraphs: [
      'Der Auftragnehmer trifft die nach Art. 32 DSGVO erforderlichen technischen und organisatorischen Maßnahmen, um ein dem Risiko angemessenes Schutzniveau zu gewährleisten. Dazu gehören insbesondere die Verschlüsselung der Übertragung (TLS), die Speicherung von Passwörtern ausschließlich als Argon2id-Hashwert, die Begrenzung fehlgeschlagener Anmeldeversuche, die strikte Trennung der Daten verschiedener Unternehmen (Mandantentrennung), rollenbasierte Zugriffsrechte, regelmäßige Datensicherungen und die Protokollierung von Änderungen.',
      'Die im Einzelnen getroffenen Maßnahmen sind im Portal unter „Technische und organisatorische Maßnahmen“ (/tom) beschrieben und Bestandteil dieses Vertrages. Der Auftragnehmer darf die Maßnahmen dem technischen Fortschritt anpassen, sofern das Schutzniveau nicht unterschritten wird.',
    ],
  },
  {
    heading: '§ 6 Unterauftragsverhältnisse',
    paragraphs: [
      'Der Auftraggeber stimmt der Beauftragung der im Portal unter „Unterauftragsverarbeiter“ (/subcontractors) aufgeführten Unternehmen zu. Der Auftragnehmer informiert den Auftraggeber mindestens vier Wochen vorher über jede beabsichtigte Änderung; der Auftraggeber kann der Änderung aus wichtigem datenschutzrechtlichem Grund widersprechen.',
      'Der Auftragnehmer verpflichtet jeden Unterauftragsverarbeiter vertraglich auf dieselben Datenschutzpflichten, die in diesem Vertrag festgelegt sind, und überprüft deren Einhaltung regelmäßig.',
    ],
  },
  {
    heading: '§ 7 Rechte der betroffenen Personen',
    paragraphs: [
      'Der Auftragnehmer unterstützt den Auftraggeber mit geeigneten technischen und organisatorischen Maßnahmen bei der Beantwortung von Anträgen betroffener Personen auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch (Art. 12 bis 22 DSGVO).',
      'Wendet sich eine betroffene Person unmittelbar an den Auftragnehmer, leitet dieser das Ersuchen unverzüglich an den Auftraggeber weiter.',
    ],
  },
  {
    heading: '§ 8 Mitteilung bei Verletzungen des Schutzes personenbezogener Daten',
    paragraphs: [
      'Der Auftragnehmer meldet dem Auftraggeber Verletzungen des Schutzes personenbezogener Daten unverzüglich, spätestens innerhalb von 24 Stunden nach Bekanntwerden, und unterstützt ihn bei der Erfüllung seiner Melde- und Benachrichtigungspflichten nach Art. 33 und 34 DSGVO. Die Meldung enthält mindestens die in Art. 33 Abs. 3 DSGVO genannten Angaben, soweit sie dem Auftragnehmer vorliegen.',
    ],
  },
  {
    heading: '§ 9 Kontrollrechte des Auftraggebers',
    paragraphs: [
      'Der Auftraggeber ist berechtigt, die Einhaltung dieses Vertrages nach rechtzeitiger Anmeldung, in der Regel mit einer Frist von 14 Tagen, während der üblichen Geschäftszeiten zu überprüfen oder durch einen zur Verschwiegenheit verpflichteten Prüfer überprüfen zu lassen. Der Nachweis kann auch durch aktuelle Testate, Berichte oder Zertifizierungen unabhängiger Stellen erbracht werden.',
    ],
  },
  {
    heading: '§ 10 Löschung und Rückgabe nach Ende des Auftrags',
    paragraphs: [
      'Nach Abschluss der Leistungen löscht der Auftragnehmer nach Wahl des Auftraggebers alle personenbezogenen Daten oder gibt sie zurück, sofern nicht nach dem Recht der Union oder der Mitgliedstaaten eine Verpflichtung zur Speicherung besteht. Geschäftsunterlagen, die gesetzlichen Aufbewahrungsfristen unterliegen, werden bis zum Ablauf dieser Fristen gesperrt und danach gelöscht.',
      'Datensicherungen werden im Rahmen des regulären Sicherungszyklus spätestens nach 90 Tagen überschrieben.',
    ],
  },
  {
    heading: '§ 11 Haftung',
    paragraphs: [
      'Für die Haftung gilt Art. 82 DSGVO. Im Innenverhältnis haftet jede Partei für Schäden, die auf einer von ihr zu vertretenden Verletzung dieses Vertrages oder datenschutzrechtlicher Pflichten beruhen.',
    ],
  },
  {
    heading: '§ 12 Schlussbestimmungen',
    paragraphs: [
      'Änderungen und Ergänzungen dieses Vertrages bedürfen der Textform. Sollten einzelne Bestimmungen unwirksam sein, berührt dies die Wirksamkeit der übrigen Bestimmungen nicht. Bei Widersprüchen zwischen diesem Vertrag und sonstigen Vereinbarungen der Parteien gehen die Regelungen dieses Vertrages zum Datenschutz vor.',
      'Es gilt das Recht der Bundesrepublik Deutschland. Gerichtsstand ist, soweit gesetzlich zulässig, der Sitz des Auftragnehmers.',
    ],
  },
];

export const AVV_SIGNATURES = [
  'Ort, Datum, Unterschrift Auftraggeber',
  `Ort, Datum, Unterschrift ${OPERATOR.name}`,
];
