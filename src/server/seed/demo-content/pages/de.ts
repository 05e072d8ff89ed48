import type { PageSet } from '../text-types.ts';

export const de: PageSet = {
  home: {
    title: 'Startseite',
    meta: 'Open Learning Commons bietet kostenlose Online-Kurse in sechs Sprachen für Gemeindehelfer, Ehrenamtliche und alle, die weiterlernen möchten.',
    blocks: {
      banner: {
        title: 'Lernen im eigenen Tempo und in der eigenen Sprache',
        body: '<p>Kostenlose Kurse für Menschen, die sich für ihre Gemeinschaft einsetzen.</p>',
      },
      intro: {
        body: `<h2>Willkommen bei Open Learning Commons</h2>
<p>Wir sind eine gemeinnützige Organisation, die praxisnahe und hochwertige Weiterbildung für alle kostenlos zugänglich macht. Unsere Kurse werden von erfahrenen Fachleuten geschrieben und von Pädagoginnen und Pädagogen geprüft. Jeder Kurs wird auf Englisch, Spanisch, Portugiesisch, Französisch, Arabisch und Deutsch angeboten.</p>
<p>Lernen Sie nach Ihrem eigenen Zeitplan oder schließen Sie sich einer Gruppe mit Kursleitung an. Jeder Kurs besteht aus kurzen Lektionen mit Texten, Übungen und Quizfragen und endet mit einer Abschlussprüfung. Wenn Sie bestehen, erhalten Sie ein Zertifikat, das Sie teilen können.</p>`,
      },
      welcome: {
        body: `<h2>Schön, dass Sie wieder da sind!</h2>
<p>Machen Sie unter <a href="/users/profile/enrollment">Meine Kurse</a> dort weiter, wo Sie aufgehört haben, oder stöbern Sie im <a href="/Courses">Kursangebot</a>, um etwas Neues zu beginnen.</p>`,
        body2: `<h2>Neu hier?</h2>
<p>Ein Konto ist in weniger als einer Minute angelegt. Damit können Sie sich für Kurse anmelden, Ihren Fortschritt verfolgen, mit anderen Lernenden diskutieren und Zertifikate erwerben.</p>
<p><a href="/register">Kostenloses Konto erstellen</a> oder <a href="/login">anmelden</a>, wenn Sie bereits ein Konto haben.</p>`,
      },
      cards: {
        title: 'Hier starten',
        cards: [
          {
            title: 'Kurse entdecken',
            description: '<p>Kurze, praxisnahe Kurse zum Online-Lernen und zur Gesundheit in der Gemeinde, jeweils mit Zertifikat.</p>',
          },
          {
            title: 'So funktioniert es',
            description: '<p>Registrieren, einer Klasse beitreten und im eigenen Tempo oder in der Gruppe lernen.</p>',
          },
          { title: 'Materialien', description: '<p>Lerntipps, Leitfäden und eine kurze Umfrage, die uns beim Verbessern hilft.</p>' },
          { title: 'Über uns', description: '<p>Wer wir sind, warum wir diese Arbeit machen und wie Sie uns erreichen.</p>' },
        ],
      },
      courses: {
        title: 'Unsere Kurse',
        body: '<p>Wählen Sie einen Kurs, um seine Lektionen zu sehen und einer Klasse beizutreten.</p>',
      },
      register: {
        title: 'Kostenloses Konto erstellen',
        body: '<p>Lernen Sie gemeinsam mit Tausenden von Menschen weltweit. Die Registrierung ist kostenlos und wir verkaufen niemals Ihre Daten.</p>',
      },
      languages: {
        title: 'Sprache wählen',
        body: '<p>Alle unsere Seiten und Kurse sind in diesen Sprachen verfügbar.</p>',
      },
    },
  },

  HowItWorks: {
    title: 'So funktioniert es',
    meta: 'Erfahren Sie, wie Sie sich registrieren, für einen Kurs anmelden und bei Open Learning Commons ein Zertifikat erwerben.',
    blocks: {
      intro: {
        body: `<h2>So funktioniert es</h2>
<p>Lernen bei uns ist einfach. Alles ist kostenlos, und Sie brauchen nur einen Webbrowser und eine E-Mail-Adresse. Folgen Sie den drei Schritten unten, um loszulegen.</p>`,
      },
      steps: {
        title: 'In drei Schritten zum Zertifikat',
        cards: [
          {
            title: '1. Registrieren',
            description:
              '<p>Legen Sie mit Ihrem Namen und Ihrer E-Mail-Adresse ein kostenloses Konto an. Das dauert weniger als eine Minute.</p>',
          },
          {
            title: '2. Für einen Kurs anmelden',
            description:
              '<p>Wählen Sie einen Kurs und treten Sie einer Klasse bei: Lernen Sie im eigenen Tempo oder geben Sie den Code Ihrer Kursleitung ein.</p>',
          },
          {
            title: '3. Lernen und Zertifikat erhalten',
            description:
              '<p>Arbeiten Sie die Lektionen durch, beantworten Sie die Quizfragen und bestehen Sie die Abschlussprüfung, um Ihr Zertifikat zu erhalten.</p>',
          },
        ],
      },
      groups: {
        body: `<h2>Im eigenen Tempo oder in der Gruppe?</h2>
<p>Jeder Kurs lässt sich auf zwei Arten belegen. In einer <strong>Klasse im eigenen Tempo</strong> beginnen Sie, wann Sie möchten, und lernen so schnell, wie es Ihnen passt. In einer <strong>privaten Gruppe</strong> begleitet eine Kursleitung mehrere Lernende über einige Wochen durch den Kurs, und die Gruppe bespricht jede Lektion gemeinsam.</p>
<p>Um einer Gruppe beizutreten, bitten Sie Ihre Kursleitung um den achtstelligen Anmeldecode und geben Sie ihn bei der Anmeldung ein.</p>`,
      },
      faq: {
        title: 'Häufige Fragen',
        cards: [
          {
            title: 'Kosten die Kurse etwas?',
            description:
              '<p>Nein. Alle Kurse und Zertifikate sind kostenlos. Unsere Arbeit wird durch Spenden und Fördermittel finanziert.</p>',
          },
          {
            title: 'Wie lange dauert ein Kurs?',
            description:
              '<p>Die meisten Kurse erfordern etwa drei Stunden Lernzeit. In einer Klasse im eigenen Tempo können Sie diese auf so viele Tage verteilen, wie Sie brauchen.</p>',
          },
          {
            title: 'Was brauche ich zum Bestehen?',
            description:
              '<p>Sie müssen in der Abschlussprüfung mindestens 80 % erreichen. Quizfragen und Prüfung können Sie beliebig oft wiederholen.</p>',
          },
          {
            title: 'Kann ich die Sprache wechseln?',
            description:
              '<p>Ja. Nutzen Sie das Sprachmenü oben auf der Seite. Ihr Fortschritt wird für jede Sprachfassung eines Kurses gespeichert.</p>',
          },
          {
            title: 'Ich habe mein Passwort vergessen. Was nun?',
            description:
              '<p>Nutzen Sie das Formular zum <a href="/passwordreset">Zurücksetzen des Passworts</a>. Wir senden Ihnen ein vorläufiges Passwort an Ihre E-Mail-Adresse.</p>',
          },
        ],
      },
    },
  },

  Courses: {
    title: 'Kurse',
    meta: 'Kostenlose Online-Kurse mit Zertifikat von Open Learning Commons.',
    blocks: {
      intro: {
        body: `<h2>Kurse</h2>
<p>Alle unsere Kurse sind kostenlos, für alle offen und in sechs Sprachen verfügbar. Wählen Sie unten einen Kurs, um seine Lektionen zu sehen, und treten Sie dann einer Klasse bei.</p>`,
      },
      list: {
        title: 'Verfügbare Kurse',
      },
      groups: {
        body: `<h2>Sie lernen in einer Gruppe?</h2>
<p>Wenn Ihre Organisation oder Ihre Kursleitung eine private Klasse eingerichtet hat, erhalten Sie einen Anmeldecode. Öffnen Sie den Kurs, wählen Sie <em>Diesem Kurs beitreten</em>, dann <em>Private Gruppe</em>, und geben Sie Ihren Code ein.</p>`,
      },
    },
  },

  Resources: {
    title: 'Materialien',
    meta: 'Lernhilfen, Tipps und nützliche Links für Lernende bei Open Learning Commons.',
    blocks: {
      intro: {
        body: `<h2>Materialien</h2>
<p>Hier finden Sie Hilfen, mit denen Sie das Beste aus Ihrem Studium herausholen.</p>
<ul>
<li><a href="/HowItWorks">So funktionieren unsere Kurse</a> – Schritt für Schritt</li>
<li><a href="/Courses">Das Kursangebot</a> mit allen aktuellen Kursen</li>
<li><a href="https://www.example.org/de/library">Unsere Online-Bibliothek</a> mit Leitfäden und Handzetteln</li>
</ul>`,
      },
      tips: {
        body: `<h2>Tipps zum Online-Lernen</h2>
<ul>
<li>Planen Sie feste Lernzeiten ein, auch wenn es nur zwanzig Minuten am Tag sind.</li>
<li>Suchen Sie sich einen ruhigen Ort und schalten Sie Benachrichtigungen beim Lesen stumm.</li>
<li>Machen Sie Notizen in eigenen Worten – so behalten Sie mehr.</li>
<li>Beteiligen Sie sich an den Diskussionen: Wer anderen etwas erklärt, lernt es selbst am besten.</li>
<li>Machen Sie sich keine Sorgen wegen Fehlern im Quiz. Sie können es jederzeit erneut versuchen.</li>
</ul>`,
      },
      survey: {
        title: 'Ihre Meinung zählt',
        body: '<p>Ihr Feedback hilft uns, unsere Kurse zu verbessern. Die Umfrage dauert etwa zwei Minuten.</p>',
      },
    },
  },

  About: {
    title: 'Über uns',
    meta: 'Open Learning Commons ist eine gemeinnützige Organisation, die kostenlose Weiterbildung in sechs Sprachen anbietet.',
    blocks: {
      story: {
        body: `<h2>Über Open Learning Commons</h2>
<p>Open Learning Commons ist eine unabhängige, gemeinnützige Organisation. Wir sind überzeugt, dass gute Weiterbildung nicht davon abhängen darf, wo man lebt, welche Sprache man spricht oder wie viel man bezahlen kann. Seit unserer Gründung bieten wir alle Kurse kostenlos an.</p>
<p>Unsere Geschichte begann mit einer kleinen Gruppe von Lehrkräften, Pflegekräften und Gemeindeorganisatoren, die ihre Schulungsunterlagen mit Kolleginnen und Kollegen in anderen Ländern teilten. Die Unterlagen wurden kopiert, von Ehrenamtlichen übersetzt und von Hand zu Hand weitergegeben. Bald wurde uns klar, dass eine Online-Plattform weit mehr Menschen erreichen kann.</p>
<p>Heute lernen bei uns Gesundheitshelferinnen und -helfer, Lehrkräfte, Eltern, Studierende und Mitarbeitende lokaler Organisationen. Viele von ihnen lernen auf dem Smartphone mit einer langsamen Verbindung. Deshalb halten wir unsere Lektionen kurz, schlank und leicht lesbar.</p>
<p>Jeder Kurs wird von Fachleuten mit langjähriger Praxiserfahrung geschrieben und vor der Veröffentlichung pädagogisch geprüft. Wir testen jede Lektion mit echten Lernenden und überarbeiten sie anhand ihrer Rückmeldungen sowie der Ergebnisse aus Quizfragen und Umfragen.</p>
<p>Sprache ist uns wichtig. Unsere Kurse gibt es auf Englisch, Spanisch, Portugiesisch, Französisch, Arabisch und Deutsch. Die Übersetzungen stammen von professionellen Übersetzerinnen und Übersetzern und werden von Muttersprachlern aus der Praxis geprüft, damit wir die Begriffe verwenden, die die Menschen tatsächlich benutzen.</p>
<p>Wir arbeiten mit Partnerorganisationen zusammen, die Lerngruppen bilden, Kursleitungen stellen und Lernenden helfen, das Gelernte anzuwenden. Kursleitungen können private Klassen für ihre Gruppen einrichten und den Fortschritt jeder Teilnehmerin und jedes Teilnehmers verfolgen.</p>
<p>Unsere Arbeit wird durch Einzelspenden, Stiftungen und Sachleistungen finanziert. Wir zeigen keine Werbung und verkaufen niemals personenbezogene Daten. Unser Jahresbericht und unser Finanzbericht sind auf unserer Website veröffentlicht.</p>
<p>Wir achten Ihre Privatsphäre. Wir erheben nur die Daten, die für Ihr Konto und die Ausstellung von Zertifikaten nötig sind, und Sie entscheiden, ob optionale Cookies verwendet werden. Mehr dazu auf unserer Seite <a href="/OptOutPreferences">Cookie-Einstellungen</a> und in unseren <a href="/Terms_of_Use">Nutzungsbedingungen</a>.</p>
<p>Möchten Sie uns unterstützen? Wir freuen uns über Ehrenamtliche, die übersetzen, Korrektur lesen oder Kurse leiten. Schreiben Sie uns und erzählen Sie ein wenig über sich.</p>`,
      },
      contact: {
        body: `<h2 id="contact">Kontakt</h2>
<p>E-Mail: <a href="mailto:info@example.org">info@example.org</a><br>Postanschrift: Open Learning Commons, 12 Example Street, 1000 Example City</p>
<p>Wir beantworten Nachrichten in allen sechs Sprachen, in der Regel innerhalb von drei Werktagen.</p>`,
      },
    },
  },

  Terms_of_Use: {
    title: 'Nutzungsbedingungen',
    meta: 'Nutzungsbedingungen der Lernplattform Open Learning Commons.',
    blocks: {
      terms: {
        body: `<h2>Nutzungsbedingungen</h2>
<p>Mit der Erstellung eines Kontos oder der Nutzung dieser Website stimmen Sie diesen Bedingungen zu. Bitte lesen Sie sie sorgfältig.</p>
<h3>1. Das Angebot</h3>
<p>Open Learning Commons stellt Online-Kurse kostenlos für die persönliche, nichtkommerzielle Weiterbildung bereit. Wir können Kurse jederzeit ändern oder zurückziehen.</p>
<h3>2. Ihr Konto</h3>
<p>Sie sind dafür verantwortlich, Ihr Passwort geheim zu halten, und für alle Aktivitäten in Ihrem Konto. Ihre Angaben müssen zutreffen. Sie können Ihr Konto jederzeit schließen, indem Sie uns schreiben.</p>
<h3>3. Respektvolles Miteinander</h3>
<p>Bleiben Sie in Diskussionen respektvoll und konstruktiv. Veröffentlichen Sie keine rechtswidrigen oder beleidigenden Inhalte und keine Inhalte, die Rechte Dritter verletzen. Wir können solche Inhalte entfernen und Konten sperren, die gegen diese Regeln verstoßen.</p>
<h3>4. Inhalte und Lizenzen</h3>
<p>Die Kursmaterialien sind urheberrechtlich geschützt. Sie dürfen sie für Ihr eigenes Lernen nutzen und unter Nennung von Open Learning Commons für nichtkommerzielle Bildungszwecke weitergeben.</p>
<h3>5. Datenschutz</h3>
<p>Wir verarbeiten Ihre personenbezogenen Daten nur, um das Angebot bereitzustellen, wie auf unserer Seite <a href="/OptOutPreferences">Cookie-Einstellungen</a> erläutert. Wir verkaufen Ihre Daten niemals.</p>
<h3>6. Haftung</h3>
<p>Die Kurse dienen der allgemeinen Bildung und ersetzen keine fachliche Beratung. Wir bemühen uns, das Angebot verfügbar und korrekt zu halten, können aber nicht garantieren, dass es frei von Fehlern oder Unterbrechungen ist.</p>
<p>Fragen zu diesen Bedingungen? <a href="/About#contact">Schreiben Sie uns</a>.</p>`,
      },
    },
  },

  OptOutPreferences: {
    title: 'Cookie-Einstellungen',
    meta: 'Wie Open Learning Commons Cookies verwendet und wie Sie wählen können.',
    blocks: {
      cookies: {
        body: `<h2>Cookie-Einstellungen</h2>
<p>Cookies sind kleine Textdateien, die eine Website in Ihrem Browser speichert. Wir verwenden so wenige wie möglich.</p>
<h3>Notwendige Cookies</h3>
<p>Sie halten Sie angemeldet und merken sich Ihre Sprache. Ohne sie funktioniert die Website nicht, daher sind sie immer aktiv. Sie werden nie verwendet, um Sie zu verfolgen.</p>
<h3>Optionale Cookies</h3>
<p>Einige Seiten binden Videos ein oder nutzen Dienste anderer Unternehmen, die eigene Cookies setzen und die Nutzung der Website messen können. Diese sind nur aktiv, wenn Sie einwilligen.</p>
<h3>Ihre Wahl</h3>
<p>Mit den Schaltflächen auf dieser Seite können Sie optionale Cookies zulassen oder ablehnen. Sie können Ihre Entscheidung jederzeit ändern, indem Sie auf diese Seite zurückkehren; sie ist unten auf jeder Seite verlinkt. Ihre Wahl wird in Ihrem Browser gespeichert und, wenn Sie angemeldet sind, auch in Ihrem Konto.</p>`,
      },
    },
  },

  German: {
    title: 'Deutsch',
    meta: 'Open Learning Commons auf Deutsch: kostenlose Online-Kurse mit Zertifikat für deutschsprachige Lernende.',
    blocks: {
      welcome: {
        body: `<h2>Herzlich willkommen!</h2>
<p>Schön, dass Sie zu uns gefunden haben. Open Learning Commons ist eine gemeinnützige Lernplattform, und alle unsere Kurse und Seiten gibt es auch auf Deutsch – kostenlos und ohne Werbung.</p>
<p>Ob Sie sich ehrenamtlich engagieren, in einer sozialen Einrichtung arbeiten oder einfach Neues lernen möchten: Unsere kurzen Lektionen passen in jeden Alltag. Sie lernen im eigenen Tempo oder gemeinsam mit einer Gruppe und erhalten nach bestandener Abschlussprüfung ein Zertifikat.</p>
<p>Die gesamte Website ist bereits auf Deutsch eingestellt. Über das Sprachmenü oben auf der Seite können Sie jederzeit eine andere Sprache wählen.</p>`,
      },
      start: {
        body: `<h2>Erste Schritte</h2>
<ul>
<li><a href="/register">Kostenloses Konto anlegen</a> – das dauert weniger als eine Minute.</li>
<li><a href="/Courses">Kurse entdecken</a>, zum Beispiel „Einführung ins Online-Lernen“ oder „Grundlagen der Gemeindegesundheit“.</li>
<li>Der Klasse im eigenen Tempo beitreten und mit der ersten Lektion beginnen.</li>
<li>Fragen? <a href="/About#contact">Schreiben Sie uns</a> – wir antworten gern auf Deutsch.</li>
</ul>`,
      },
    },
  },

  'page-not-found': {
    title: 'Seite nicht gefunden',
    meta: 'Die angeforderte Seite wurde nicht gefunden.',
    blocks: {
      notfound: {
        body: `<h2>Seite nicht gefunden</h2>
<p>Leider konnten wir die gesuchte Seite nicht finden. Möglicherweise wurde sie verschoben oder gelöscht.</p>
<p><a href="/">Zur Startseite</a> oder <a href="/Courses">zu unseren Kursen</a>.</p>`,
      },
    },
  },
  Privacy: {
    title: 'Datenschutzhinweis',
    meta: 'Wie Open Learning Commons die personenbezogenen Daten seiner Lernenden verwendet, und Ihre Rechte.',
    blocks: {
      notice: {
        body: `<h2>Datenschutzhinweis</h2>
<p>Open Learning Commons ist eine gemeinnützige Bildungsorganisation. Dieser Hinweis erklärt, welche personenbezogenen Daten wir über Sie speichern, warum, und was Sie tun können.</p>
<h3>Was wir speichern</h3>
<p>Ihr Konto und Profil (Name, E-Mail-Adresse und die Angaben, die Sie machen), Ihre Einschreibungen und Fortschritte, Ihre Antworten in Quizzen und Prüfungen, Ihre Zertifikate, Ihre Beiträge und Antworten, Umfrageantworten, die Sie angemeldet gegeben haben, Ihre Sitzungen und Ihre Cookie-Wahl sowie eine Liste der E-Mails, die wir Ihnen geschickt haben.</p>
<h3>Warum</h3>
<p>Um Ihr Konto zu führen, Ihren Fortschritt zu verfolgen und Zertifikate auszustellen, die andere prüfen können. Wir verkaufen Ihre Daten nie.</p>
<h3>Ihre Rechte</h3>
<p>Im Kontobereich können Sie eine Kopie aller Daten herunterladen, die wir über Sie speichern (Meine Daten herunterladen), und Ihr Konto löschen (Mein Konto löschen). Nach der Löschung bleiben Ihre Zertifikate über ihren Code prüfbar, ohne Ihren Namen, und Ihre Beiträge bleiben als von einer ehemaligen lernenden Person geschrieben stehen.</p>
<h3>Wie lange</h3>
<p>Konten bleiben erhalten, solange sie genutzt werden. Die Organisation kann eine Frist festlegen, nach der inaktive Konten entfernt werden; Sie werden 30 Tage vorher per E-Mail gewarnt.</p>
<h3>Kontakt</h3>
<p>Fragen zu Ihren Daten: Schreiben Sie uns über die Kontaktdaten auf unserer Seite „Über uns“.</p>`,
      },
    },
  },
};
