import type { LanguageCourseSet } from '../text-types.ts';

export const de: LanguageCourseSet = {
  selfPacedName: 'Im eigenen Tempo (Deutsch)',
  selfPacedDescription:
    '<p>Beginnen Sie jederzeit und lernen Sie in Ihrem eigenen Tempo. Ihr Fortschritt wird automatisch gespeichert, und Sie können sich mit Lernenden aus aller Welt austauschen.</p>',
  timerequired: '3 Stunden',

  iol: {
    title: 'Einführung ins Online-Lernen',
    description: `<p>Sie lernen zum ersten Mal online? Dieser Kurs zeigt Ihnen, wie Online-Kurse aufgebaut sind, wie Sie Ihre Lernzeit einteilen und wie Sie in Diskussionen gut mit anderen lernen. Er ist der ideale erste Schritt vor jedem anderen Kurs.</p>
<ul><li>Drei kurze Lektionen</li><li>Quizfragen und eine Abschlussprüfung</li><li>Ein Zertifikat nach bestandener Prüfung</li></ul>`,
    description2:
      '<p>Fragen zu diesem Kurs? Stellen Sie sie in den Diskussionen der Lektionen oder <a href="/About#contact">schreiben Sie uns</a>.</p>',
    lessons: [
      {
        title: 'Der Einstieg',
        description: '<p>Was Online-Lernen ist, wie diese Plattform aufgebaut ist und wie Sie eine gute Lerngewohnheit entwickeln.</p>',
        materials: [
          {
            title: 'Willkommen im Kurs',
            description: `<p>Willkommen! In diesem Kurs lernen Sie, wie Sie online wirksam lernen – ob allein in Ihrem eigenen Tempo oder in einer Gruppe mit Kursleitung.</p>
<p>Jede Lektion besteht aus kurzen Materialien. Lesen Sie sie der Reihe nach und gehen Sie mit der Schaltfläche „Weiter“ voran. Ihr Fortschritt wird automatisch gespeichert, und das Menü zeigt, welche Materialien Sie bereits angesehen haben.</p>`,
          },
          {
            title: 'Wie ein Online-Kurs aufgebaut ist',
            description: `<p>Alle Kurse auf dieser Plattform sind gleich aufgebaut:</p>
<ul><li><strong>Lektionen</strong>, in Abschnitte gegliedert, jede zu einem Thema.</li><li><strong>Materialien</strong> in jeder Lektion: Einführungen, Texte, Übungen und Diskussionen.</li><li><strong>Quizfragen</strong>, mit denen Sie Ihr Verständnis prüfen, und eine <strong>Abschlussprüfung</strong>.</li></ul>
<p>Wenn Sie die Prüfung mit mindestens 80 % bestehen, können Sie Ihr Zertifikat unter „Meine Kurse“ herunterladen.</p>`,
          },
          {
            title: 'Eine Lerngewohnheit aufbauen',
            description: `<p>Die Forschung zum Lernen Erwachsener zeigt: Kurze, regelmäßige Lerneinheiten wirken besser als lange, gelegentliche. Zwanzig Minuten am Tag an fünf Tagen pro Woche ergeben jede Woche mehr als anderthalb Stunden konzentriertes Lernen.</p>
<p>Wählen Sie eine feste Zeit, zum Beispiel nach dem Frühstück oder im Bus, und verbinden Sie das Lernen mit etwas, das Sie ohnehin jeden Tag tun. Halten Sie ein kleines Notizbuch für Fragen bereit und sehen Sie Ihre Notizen zu Beginn jeder Einheit durch.</p>`,
          },
        ],
      },
      {
        title: 'Wirksam lernen',
        description: '<p>Wie Sie aktiv lesen, Ihre Zeit planen und überprüfen, was Sie gelernt haben.</p>',
        materials: [
          {
            title: 'Aktives Lesen',
            description: `<p>Am Bildschirm überfliegt man Texte leicht. Aktives Lesen hilft Ihnen, zu verstehen und zu behalten. Sehen Sie sich vor dem Lesen Titel und Zwischenüberschriften an und fragen Sie sich, was Sie erwarten zu lernen. Halten Sie beim Lesen nach jedem Absatz inne und fassen Sie ihn in einem Satz zusammen. Notieren Sie nach dem Lesen zwei oder drei Kernaussagen und eine Frage, die noch offen ist.</p>
<p>Ist ein Wort oder ein Gedanke unklar, notieren Sie es und schlagen Sie es später nach, statt Ihr Lesen zu unterbrechen.</p>`,
          },
          {
            title: 'Erstellen Sie Ihren Lernplan',
            description: `<p>Jetzt sind Sie dran. Erstellen Sie mit diesen Schritten einen einfachen Wochenplan fürs Lernen.</p>
<ol><li>Notieren Sie die Tage und Uhrzeiten, an denen Sie mindestens zwanzig Minuten lernen können.</li><li>Suchen Sie sich einen ruhigen Ort und überlegen Sie, was Sie brauchen: ein geladenes Handy, Kopfhörer, ein Notizbuch.</li><li>Setzen Sie sich ein Ziel für diese Woche, zum Beispiel „Lektion 2 abschließen und das Quiz machen“.</li></ol>
<p>Teilen Sie Ihren Plan in der Diskussion und lesen Sie die Pläne anderer Lernender. Vielleicht finden Sie dort gute Ideen.</p>`,
            question: 'Zu welcher Tageszeit werden Sie lernen, und was hilft Ihnen, Ihren Plan einzuhalten?',
          },
          {
            title: 'Überprüfen Sie Ihr Wissen',
            description:
              '<p>Beantworten Sie diese vier Fragen, um zu prüfen, was Sie bisher gelernt haben. Zum Bestehen brauchen Sie 80 %, und Sie können es beliebig oft versuchen.</p>',
            quiz: [
              {
                question: 'Welche Art zu lernen funktioniert für die meisten Erwachsenen am besten?',
                answers: [
                  'Eine lange Einheit pro Monat',
                  'Kurze, regelmäßige Einheiten mehrmals pro Woche',
                  'Nur am Abend vor der Prüfung lernen',
                ],
                iscorrect: 2,
              },
              {
                question: 'Was sollten Sie nach dem Lesen eines Textes tun?',
                answers: [
                  'Zwei oder drei Kernaussagen und eine Frage notieren',
                  'Ihn schließen und sofort weitermachen',
                  'Ihn dreimal von vorn lesen',
                ],
                iscorrect: 1,
              },
              {
                question: 'Welches Ergebnis brauchen Sie, um ein Quiz oder die Prüfung zu bestehen?',
                answers: ['50 %', '65 %', '80 %', '100 %'],
                iscorrect: 3,
              },
              {
                question: 'Wo können Sie Ihr Zertifikat herunterladen?',
                answers: [
                  'Auf der Startseite',
                  'Per E-Mail vor Kursbeginn',
                  'Unter „Meine Kurse“, nachdem Sie die Prüfung bestanden haben',
                ],
                iscorrect: 3,
              },
            ],
          },
        ],
      },
      {
        title: 'Gemeinsam lernen',
        description: '<p>Wie Sie sich an Diskussionen beteiligen, hilfreiches Feedback geben und den Kurs abschließen.</p>',
        materials: [
          {
            title: 'An Diskussionen teilnehmen',
            description: `<p>In Diskussionen lernen Sie aus den Erfahrungen anderer. Ein guter Beitrag ist kurz, bleibt beim Thema und bringt etwas Neues ein: ein Beispiel aus Ihrer eigenen Arbeit, eine Frage oder eine andere Sichtweise.</p>
<p>Wenn Sie jemandem antworten, gehen Sie zuerst auf das Gesagte ein und ergänzen Sie dann Ihre eigenen Gedanken. Bleiben Sie respektvoll, auch wenn Sie anderer Meinung sind, und denken Sie daran, dass manche Lernende nicht in ihrer Muttersprache schreiben.</p>`,
            question: 'Was haben Sie in diesem Kurs gelernt, das Sie in Ihrer Arbeit oder Ihrem Studium anwenden werden?',
          },
          {
            title: 'Ihre Meinung zum Kurs',
            description:
              '<p>Sagen Sie uns vor der Abschlussprüfung bitte, wie Ihnen dieser Kurs gefallen hat. Die Umfrage ist anonym und dauert etwa zwei Minuten.</p>',
          },
          {
            title: 'Abschlussprüfung',
            description:
              '<p>Diese Prüfung umfasst den gesamten Kurs. Sie brauchen mindestens 80 %, um zu bestehen und Ihr Zertifikat zu erhalten. Lassen Sie sich Zeit; Sie können die Prüfung bei Bedarf wiederholen.</p>',
            quiz: [
              {
                question: 'Woraus besteht eine Lektion?',
                answers: ['Aus Materialien wie Texten, Übungen und Diskussionen', 'Nur aus einem Video', 'Nur aus einer Abschlussprüfung'],
                iscorrect: 1,
              },
              {
                question: 'Was ist ein Beispiel für aktives Lesen?',
                answers: [
                  'Den Text so schnell wie möglich überfliegen',
                  'Jeden Absatz in einem Satz zusammenfassen',
                  'Bei laufendem Fernseher lesen',
                ],
                iscorrect: 2,
              },
              {
                question: 'Was macht einen guten Diskussionsbeitrag aus?',
                answers: [
                  'Er ist lang und behandelt viele Themen',
                  'Er wiederholt, was andere gesagt haben',
                  'Er ist kurz, bleibt beim Thema und bringt etwas Neues ein',
                ],
                iscorrect: 3,
              },
              {
                question: 'Wie sollten Sie antworten, wenn Sie anderer Meinung sind?',
                answers: [
                  'Den Beitrag ignorieren',
                  'Auf die Sichtweise eingehen und die eigene respektvoll erklären',
                  'Die Kursleitung bitten, den Beitrag zu löschen',
                ],
                iscorrect: 2,
              },
              {
                question: 'Was ist der Vorteil einer Klasse im eigenen Tempo?',
                answers: [
                  'Sie können jederzeit beginnen und so schnell lernen, wie es Ihnen passt',
                  'Sie müssen nie eine Prüfung ablegen',
                  'Eine Kursleitung bewertet jede Antwort',
                ],
                iscorrect: 1,
              },
            ],
          },
        ],
      },
    ],
  },

  chb: {
    title: 'Grundlagen der Gemeindegesundheit',
    description: `<p>Gesundheit beginnt zu Hause und in der Gemeinschaft. Dieser Kurs stellt die wichtigsten Faktoren vor, die die Gesundheit einer Gemeinschaft prägen, zeigt einfache Wege, häufigen Krankheiten vorzubeugen, und wie Sie mit Ihren Nachbarn über Gesundheit sprechen.</p>
<ul><li>Drei kurze Lektionen mit praktischen Übungen</li><li>Quizfragen und eine Abschlussprüfung</li><li>Ein Zertifikat nach bestandener Prüfung</li></ul>
<p><em>Dieser Kurs vermittelt allgemeines Gesundheitswissen und ersetzt nicht den Rat von medizinischem Fachpersonal.</em></p>`,
    description2:
      '<p>Entwickelt mit Gemeindegesundheitshelferinnen und -helfern aus mehreren Ländern. Fragen? <a href="/About#contact">Schreiben Sie uns</a>.</p>',
    lessons: [
      {
        title: 'Was ist Gemeindegesundheit?',
        description: '<p>Die Idee der Gemeindegesundheit und die Faktoren, die sie beeinflussen.</p>',
        materials: [
          {
            title: 'Willkommen im Kurs',
            description: `<p>Willkommen bei „Grundlagen der Gemeindegesundheit“. Bei der Gemeindegesundheit geht es um das Wohlergehen aller Menschen, die an einem Ort leben, nicht nur um einzelne Patientinnen und Patienten. Ehrenamtliche, Lehrkräfte, Eltern und lokale Verantwortliche tragen alle dazu bei.</p>
<p>In diesem Kurs erfahren Sie, was eine Gemeinschaft gesund hält, wie Sie einigen der häufigsten Krankheiten vorbeugen und wie Sie dieses Wissen an die Menschen in Ihrem Umfeld weitergeben.</p>`,
          },
          {
            title: 'Was unsere Gesundheit bestimmt',
            description: `<p>Unsere Gesundheit hängt von weit mehr ab als vom Gesundheitswesen. Fachleute nennen diese Faktoren <strong>Gesundheitsdeterminanten</strong>:</p>
<ul><li>Lebensbedingungen: Wohnung, sauberes Wasser, Sanitärversorgung und sichere Lebensmittel.</li><li>Bildung und Einkommen.</li><li>Unterstützung durch Familie, Freunde und Nachbarn.</li><li>Zugang zu Gesundheitsdiensten, wenn man sie braucht.</li><li>Alltagsgewohnheiten wie Ernährung, Bewegung und Hygiene.</li></ul>
<p>Viele dieser Faktoren kann eine Gemeinschaft selbst verbessern.</p>`,
          },
          {
            title: 'Händewaschen rettet Leben',
            description: `<p>Händewaschen mit Wasser und Seife ist eine der einfachsten und wirksamsten Maßnahmen gegen Durchfall und Atemwegsinfektionen. Waschen Sie die Hände mindestens zwanzig Sekunden lang und denken Sie an Handflächen, Handrücken, die Zwischenräume der Finger und die Nägel.</p>
<p>Die wichtigsten Momente sind: vor dem Zubereiten von Essen, vor dem Essen, nach dem Toilettengang, nach dem Wickeln eines Babys und nach dem Husten oder Niesen. Wo es keinen Wasserhahn gibt, macht eine einfache Waschstelle aus einem Plastikkanister das Händewaschen leicht.</p>`,
          },
        ],
      },
      {
        title: 'Häufigen Krankheiten vorbeugen',
        description: '<p>Sicheres Wasser, Hygiene und das Wissen um örtliche Angebote: einfache Maßnahmen mit großer Wirkung.</p>',
        materials: [
          {
            title: 'Sicheres Trinkwasser',
            description: `<p>Verunreinigtes Wasser überträgt Krankheiten wie Cholera und Typhus. Wenn Sie nicht sicher sind, ob das Wasser trinkbar ist, bereiten Sie es vor dem Trinken auf: Lassen Sie es eine Minute lang sprudelnd kochen, verwenden Sie Chlortabletten nach Anleitung oder einen geeigneten Filter.</p>
<p>Bewahren Sie aufbereitetes Wasser in einem sauberen, abgedeckten Behälter auf und entnehmen Sie es mit einem sauberen Becher oder über einen Hahn, damit keine Hände das Wasser berühren.</p>`,
          },
          {
            title: 'Gesundheitsangebote in Ihrer Gemeinde kartieren',
            description: `<p>Zeichnen Sie eine einfache Karte Ihres Viertels oder Dorfes. Markieren Sie die Orte, die für die Gesundheit wichtig sind: Wasserstellen, das Gesundheitszentrum, die Apotheke, Schulen, Märkte und Stellen, an denen sich Müll sammelt.</p>
<p>Beantworten Sie dann diese Fragen: Woher bekommen die Menschen ihr Wasser? Wie weit ist das nächste Gesundheitszentrum entfernt? Was fehlt? Teilen Sie Ihre Ergebnisse in der Diskussion.</p>`,
            question: 'Welches Gesundheitsangebot fehlt in Ihrer Gemeinde am meisten, und wer könnte helfen, es bereitzustellen?',
          },
          {
            title: 'Überprüfen Sie Ihr Wissen',
            description:
              '<p>Vier Fragen zu den bisherigen Lektionen. Zum Bestehen brauchen Sie 80 %, und Sie können es beliebig oft erneut versuchen.</p>',
            quiz: [
              {
                question: 'Wie lange sollten Sie Ihre Hände mit Seife waschen?',
                answers: ['Etwa fünf Sekunden', 'Mindestens zwanzig Sekunden', 'Zwei Minuten'],
                iscorrect: 2,
              },
              {
                question: 'Wie muss Wasser gekocht werden, damit es trinkbar ist?',
                answers: ['Bis es lauwarm ist', 'Zehn Sekunden lang', 'Eine Minute lang sprudelnd'],
                iscorrect: 3,
              },
              {
                question: 'Was davon ist eine Gesundheitsdeterminante?',
                answers: ['Der Zugang zu sauberem Wasser', 'Die Farbe Ihrer Kleidung', 'Ihre Lieblingsmusik'],
                iscorrect: 1,
              },
              {
                question: 'Wie sollte aufbereitetes Wasser aufbewahrt werden?',
                answers: [
                  'In einem offenen Eimer',
                  'In einem sauberen, abgedeckten Behälter',
                  'In der Sonne ohne Deckel',
                  'In einem gebrauchten Ölkanister',
                ],
                iscorrect: 2,
              },
            ],
          },
        ],
      },
      {
        title: 'Gesundheit in der Gemeinschaft',
        description: '<p>Wie Sie mit anderen über Gesundheit sprechen und gemeinsam handeln.</p>',
        materials: [
          {
            title: 'Mit den Nachbarn über Gesundheit sprechen',
            description: `<p>Menschen ändern ihre Gewohnheiten, wenn sie der Person vertrauen, die mit ihnen spricht, und verstehen, warum es wichtig ist. Hören Sie zuerst zu: Fragen Sie, was die Menschen schon wissen und was sie beunruhigt. Verwenden Sie einfache Worte, Beispiele aus dem Ort und Bilder statt Fachbegriffen.</p>
<p>Konzentrieren Sie sich jeweils auf ein oder zwei konkrete Handlungen, etwa das Händewaschen vor den Mahlzeiten. Achten Sie Überzeugungen und Privatsphäre und geben Sie niemals Gesundheitsinformationen über jemanden ohne dessen Erlaubnis weiter. Geht eine Frage über Ihr Wissen hinaus, verweisen Sie die Person an eine Gesundheitsfachkraft.</p>`,
            question:
              'Denken Sie an eine Gesundheitsbotschaft, die Sie in Ihrer Gemeinde weitergeben möchten. Wie würden Sie sie einfach und respektvoll erklären?',
          },
          {
            title: 'Ihre Meinung zum Kurs',
            description:
              '<p>Sagen Sie uns vor der Abschlussprüfung bitte, wie Ihnen dieser Kurs gefallen hat. Die Umfrage ist anonym und dauert etwa zwei Minuten.</p>',
          },
          {
            title: 'Abschlussprüfung',
            description:
              '<p>Diese Prüfung umfasst den gesamten Kurs. Sie brauchen mindestens 80 %, um zu bestehen und Ihr Zertifikat zu erhalten. Bei Bedarf können Sie sie wiederholen.</p>',
            quiz: [
              {
                question: 'Worum geht es bei der Gemeindegesundheit?',
                answers: [
                  'Nur um die Behandlung einzelner Patienten',
                  'Um das Wohlergehen aller Menschen, die an einem Ort leben',
                  'Um den Bau von Krankenhäusern',
                ],
                iscorrect: 2,
              },
              {
                question: 'Welcher dieser Momente ist für das Händewaschen besonders wichtig?',
                answers: ['Vor dem Zubereiten von Essen', 'Nach dem Lesen eines Buches', 'Nur vor dem Schlafengehen'],
                iscorrect: 1,
              },
              {
                question: 'Wie lässt sich Trinkwasser gut aufbereiten?',
                answers: ['Indem man Zucker hinzufügt', 'Indem man es über Nacht stehen lässt', 'Indem man es eine Minute lang kocht'],
                iscorrect: 3,
              },
              {
                question: 'Was sollten Sie zuerst tun, wenn Sie mit Nachbarn über Gesundheit sprechen?',
                answers: [
                  'Einen langen Vortrag halten',
                  'Zuhören, was sie wissen und was sie beunruhigt',
                  'Möglichst viele Fachbegriffe verwenden',
                ],
                iscorrect: 2,
              },
              {
                question: 'Was tun Sie, wenn eine Frage über Ihr Wissen hinausgeht?',
                answers: ['Die Antwort raten', 'Die Frage ignorieren', 'Die Person an eine Gesundheitsfachkraft verweisen'],
                iscorrect: 3,
              },
            ],
          },
        ],
      },
    ],
  },

  survey: {
    title: 'Ihre Meinung zählt',
    description:
      '<p>Danke, dass Sie sich einen Moment Zeit nehmen, um uns von Ihren Erfahrungen zu berichten. Ihre Antworten sind anonym und helfen uns, unsere Kurse zu verbessern.</p>',
    description2: '<p>Vielen Dank! Ihre Antworten sind bei uns eingegangen.</p>',
    questions: [
      'Was fanden Sie – in einem Satz – am nützlichsten?',
      'Was könnten wir besser machen? Schreiben Sie gern ausführlich.',
      'Wie viele Stunden pro Woche lernen Sie normalerweise bei uns?',
      'Wie haben Sie von Open Learning Commons erfahren?\nDurch Freunde oder Kollegen\nÜber unsere Website\nÜber einen Newsletter\nÜber soziale Medien\nAndere',
      'Wie zufrieden sind Sie insgesamt mit unseren Kursen?\nSehr zufrieden\nZufrieden\nWeder zufrieden noch unzufrieden\nUnzufrieden',
    ],
  },
};
