import type { PageSet } from '../text-types.ts';

export const fr: PageSet = {
  home: {
    title: 'Accueil',
    meta: 'Open Learning Commons propose des cours en ligne gratuits en six langues pour les agents communautaires, les bénévoles et toutes les personnes qui veulent continuer à apprendre.',
    blocks: {
      banner: {
        title: 'Apprenez à votre rythme, dans votre langue',
        body: '<p>Des cours gratuits pour celles et ceux qui servent leur communauté.</p>',
      },
      intro: {
        body: `<h2>Bienvenue sur Open Learning Commons</h2>
<p>Nous sommes une organisation à but non lucratif qui rend accessible à tous une formation pratique et de qualité, entièrement gratuite. Nos cours sont rédigés par des praticiens expérimentés et relus par des pédagogues, et chacun est proposé en anglais, espagnol, portugais, français, arabe et allemand.</p>
<p>Étudiez selon votre propre emploi du temps ou rejoignez un groupe animé par un formateur. Chaque cours se compose de leçons courtes avec des lectures, des activités et des quiz, et se termine par un examen. Une fois reçu, vous obtenez un certificat que vous pouvez partager.</p>`,
      },
      welcome: {
        body: `<h2>Heureux de vous revoir !</h2>
<p>Reprenez là où vous vous étiez arrêté depuis <a href="/users/profile/enrollment">Mes classes</a>, ou parcourez le <a href="/Courses">catalogue des cours</a> pour commencer quelque chose de nouveau.</p>`,
        body2: `<h2>Vous êtes nouveau ?</h2>
<p>Créer un compte prend moins d’une minute. Avec un compte, vous pouvez vous inscrire à des cours, suivre votre progression, participer aux discussions avec d’autres apprenants et obtenir des certificats.</p>
<p><a href="/register">Créez votre compte gratuit</a> ou <a href="/login">connectez-vous</a> si vous en avez déjà un.</p>`,
      },
      cards: {
        title: 'Pour commencer',
        cards: [
          {
            title: 'Découvrir les cours',
            description:
              '<p>Des cours courts et pratiques sur l’apprentissage en ligne et la santé communautaire, tous avec certificat.</p>',
          },
          {
            title: 'Comment ça marche',
            description: '<p>Inscrivez-vous, rejoignez une classe et apprenez à votre rythme ou en groupe.</p>',
          },
          { title: 'Ressources', description: '<p>Conseils d’étude, guides et un court questionnaire pour nous aider à progresser.</p>' },
          { title: 'Qui sommes-nous', description: '<p>Qui nous sommes, pourquoi nous faisons ce travail et comment nous joindre.</p>' },
        ],
      },
      courses: {
        title: 'Nos cours',
        body: '<p>Choisissez un cours pour voir ses leçons et rejoindre une classe.</p>',
      },
      register: {
        title: 'Créez votre compte gratuit',
        body: '<p>Rejoignez des milliers d’apprenants dans le monde entier. L’inscription est gratuite et nous ne vendons jamais vos données.</p>',
      },
      languages: {
        title: 'Choisissez votre langue',
        body: '<p>Toutes nos pages et tous nos cours sont disponibles dans ces langues.</p>',
      },
    },
  },

  HowItWorks: {
    title: 'Comment ça marche',
    meta: 'Découvrez comment vous inscrire, suivre un cours et obtenir un certificat avec Open Learning Commons.',
    blocks: {
      intro: {
        body: `<h2>Comment ça marche</h2>
<p>Apprendre avec nous, c’est simple. Tout est gratuit : il vous suffit d’un navigateur web et d’une adresse e-mail. Suivez les trois étapes ci-dessous pour commencer.</p>`,
      },
      steps: {
        title: 'Trois étapes jusqu’à votre certificat',
        cards: [
          {
            title: '1. Inscrivez-vous',
            description: '<p>Créez un compte gratuit avec votre nom et votre adresse e-mail. Cela prend moins d’une minute.</p>',
          },
          {
            title: '2. Choisissez un cours',
            description:
              '<p>Choisissez un cours et rejoignez une classe : étudiez à votre rythme ou saisissez le code fourni par votre formateur.</p>',
          },
          {
            title: '3. Apprenez et obtenez votre certificat',
            description: '<p>Suivez les leçons, répondez aux quiz et réussissez l’examen final pour recevoir votre certificat.</p>',
          },
        ],
      },
      groups: {
        body: `<h2>À votre rythme ou en groupe ?</h2>
<p>Chaque cours peut se suivre de deux façons. Dans une <strong>classe à votre rythme</strong>, vous commencez quand vous voulez et avancez à votre propre vitesse. Dans un <strong>groupe privé</strong>, un formateur accompagne une promotion d’apprenants tout au long du cours pendant quelques semaines, et le groupe discute de chaque leçon ensemble.</p>
<p>Pour rejoindre un groupe, demandez à votre formateur le code d’inscription de huit caractères et saisissez-le lors de votre inscription.</p>`,
      },
      faq: {
        title: 'Questions fréquentes',
        cards: [
          {
            title: 'Les cours sont-ils payants ?',
            description:
              '<p>Non. Tous les cours et certificats sont gratuits. Notre travail est financé par des dons et des subventions.</p>',
          },
          {
            title: 'Combien de temps dure un cours ?',
            description:
              '<p>La plupart des cours demandent environ trois heures d’étude. Dans une classe à votre rythme, vous pouvez les répartir sur autant de jours que nécessaire.</p>',
          },
          {
            title: 'Que faut-il pour réussir ?',
            description:
              '<p>Il faut obtenir au moins 80 % à l’examen final. Vous pouvez repasser les quiz et l’examen autant de fois que vous le souhaitez.</p>',
          },
          {
            title: 'Puis-je changer de langue ?',
            description:
              '<p>Oui. Utilisez le menu des langues en haut de la page. Votre progression est conservée pour chaque version linguistique d’un cours.</p>',
          },
          {
            title: 'J’ai oublié mon mot de passe. Que faire ?',
            description:
              '<p>Utilisez le formulaire de <a href="/passwordreset">réinitialisation du mot de passe</a>. Nous vous enverrons un mot de passe temporaire par e-mail.</p>',
          },
        ],
      },
    },
  },

  Courses: {
    title: 'Cours',
    meta: 'Cours en ligne gratuits et certifiants d’Open Learning Commons.',
    blocks: {
      intro: {
        body: `<h2>Cours</h2>
<p>Tous nos cours sont gratuits, ouverts à tous et disponibles en six langues. Choisissez un cours ci-dessous pour voir ses leçons, puis rejoignez une classe pour commencer.</p>`,
      },
      list: {
        title: 'Cours disponibles',
      },
      groups: {
        body: `<h2>Vous étudiez en groupe ?</h2>
<p>Si votre organisation ou votre formateur a créé une classe privée, vous recevrez un code d’inscription. Ouvrez le cours, choisissez <em>Rejoindre ce cours</em>, sélectionnez <em>Groupe privé</em> et saisissez votre code.</p>`,
      },
    },
  },

  Resources: {
    title: 'Ressources',
    meta: 'Guides d’étude, conseils et liens utiles pour les apprenants d’Open Learning Commons.',
    blocks: {
      intro: {
        body: `<h2>Ressources</h2>
<p>Vous trouverez ici de quoi tirer le meilleur parti de vos études.</p>
<ul>
<li><a href="/HowItWorks">Le fonctionnement de nos cours</a>, étape par étape</li>
<li><a href="/Courses">Le catalogue</a> de tous les cours actuels</li>
<li><a href="https://www.example.org/fr/library">Notre bibliothèque en ligne</a> de guides et de fiches</li>
</ul>`,
      },
      tips: {
        body: `<h2>Conseils pour étudier en ligne</h2>
<ul>
<li>Réservez un moment régulier pour étudier, même s’il ne s’agit que de vingt minutes par jour.</li>
<li>Installez-vous dans un endroit calme et coupez les notifications pendant la lecture.</li>
<li>Prenez des notes avec vos propres mots : cela aide à retenir.</li>
<li>Participez aux discussions : expliquer une idée aux autres est la meilleure façon de l’apprendre.</li>
<li>Ne vous inquiétez pas des erreurs aux quiz. Vous pouvez toujours réessayer.</li>
</ul>`,
      },
      survey: {
        title: 'Donnez-nous votre avis',
        body: '<p>Vos commentaires nous aident à améliorer nos cours. Le questionnaire prend environ deux minutes.</p>',
      },
    },
  },

  About: {
    title: 'Qui sommes-nous',
    meta: 'Open Learning Commons est une organisation à but non lucratif qui propose des formations gratuites en six langues.',
    blocks: {
      story: {
        body: `<h2>À propos d’Open Learning Commons</h2>
<p>Open Learning Commons est une organisation indépendante à but non lucratif. Nous pensons qu’une bonne formation ne devrait dépendre ni de l’endroit où l’on vit, ni de la langue que l’on parle, ni de ce que l’on peut payer. Depuis notre création, tous nos cours sont gratuits.</p>
<p>Notre histoire a commencé avec un petit groupe d’enseignants, d’infirmières et d’animateurs communautaires qui partageaient leurs supports de formation avec des collègues d’autres pays. Les documents étaient photocopiés, traduits par des bénévoles et passaient de main en main. Nous avons vite compris qu’une plateforme en ligne pourrait toucher bien plus de monde.</p>
<p>Aujourd’hui, nos apprenants sont des bénévoles de santé, des enseignants, des parents, des étudiants et des salariés d’associations locales. Beaucoup étudient sur un téléphone portable avec une connexion lente : c’est pourquoi nos leçons restent courtes, légères et faciles à lire.</p>
<p>Chaque cours est rédigé par des praticiens ayant des années d’expérience de terrain, puis relu par des pédagogues avant sa publication. Nous testons chaque leçon avec de vrais apprenants et la révisons en fonction de leurs retours et des résultats des quiz et des questionnaires.</p>
<p>La langue compte pour nous. Nos cours sont disponibles en anglais, espagnol, portugais, français, arabe et allemand. Les traductions sont réalisées par des traducteurs professionnels et vérifiées par des locuteurs natifs qui travaillent sur le terrain, afin que nos termes soient ceux que les gens emploient réellement.</p>
<p>Nous travaillons avec des organisations partenaires qui forment des groupes d’étude, fournissent des formateurs et aident les apprenants à mettre en pratique ce qu’ils apprennent. Les formateurs peuvent créer des classes privées pour leurs groupes et suivre la progression de chaque participant.</p>
<p>Notre travail est financé par des dons de particuliers, des fondations et des contributions en nature. Nous n’affichons pas de publicité et ne vendons jamais de données personnelles. Notre rapport annuel et nos comptes sont publiés sur notre site.</p>
<p>Nous respectons votre vie privée. Nous ne collectons que les informations nécessaires à la gestion de votre compte et à la délivrance des certificats, et c’est vous qui décidez si des cookies facultatifs sont utilisés. Pour en savoir plus, consultez notre page <a href="/OptOutPreferences">préférences en matière de cookies</a> et nos <a href="/Terms_of_Use">conditions d’utilisation</a>.</p>
<p>Vous souhaitez nous aider ? Nous accueillons volontiers des bénévoles comme traducteurs, relecteurs et formateurs. Écrivez-nous et présentez-vous en quelques mots.</p>`,
      },
      contact: {
        body: `<h2 id="contact">Nous contacter</h2>
<p>E-mail : <a href="mailto:info@example.org">info@example.org</a><br>Adresse postale : Open Learning Commons, 12 Example Street, 1000 Example City</p>
<p>Nous répondons aux messages dans nos six langues, généralement sous trois jours ouvrés.</p>`,
      },
    },
  },

  Terms_of_Use: {
    title: 'Conditions d’utilisation',
    meta: 'Conditions d’utilisation de la plateforme d’apprentissage Open Learning Commons.',
    blocks: {
      terms: {
        body: `<h2>Conditions d’utilisation</h2>
<p>En créant un compte ou en utilisant ce site, vous acceptez les présentes conditions. Veuillez les lire attentivement.</p>
<h3>1. Le service</h3>
<p>Open Learning Commons propose des cours en ligne gratuits pour un usage éducatif personnel et non commercial. Nous pouvons modifier ou retirer des cours à tout moment.</p>
<h3>2. Votre compte</h3>
<p>Vous êtes responsable de la confidentialité de votre mot de passe et de l’activité de votre compte. Les informations que vous nous fournissez doivent être exactes. Vous pouvez fermer votre compte à tout moment en nous écrivant.</p>
<h3>3. Une participation respectueuse</h3>
<p>Dans les discussions, soyez respectueux et constructif. Ne publiez pas de contenu illégal, offensant ou portant atteinte aux droits d’autrui. Nous pouvons supprimer un tel contenu et suspendre les comptes qui enfreignent ces règles.</p>
<h3>4. Contenus et licences</h3>
<p>Les supports de cours sont protégés par le droit d’auteur. Vous pouvez les utiliser pour votre propre apprentissage et les partager à des fins éducatives non commerciales, en citant Open Learning Commons.</p>
<h3>5. Vie privée</h3>
<p>Nous traitons vos données personnelles uniquement pour fournir le service, comme expliqué sur notre page <a href="/OptOutPreferences">préférences en matière de cookies</a>. Nous ne vendons jamais vos données.</p>
<h3>6. Responsabilité</h3>
<p>Les cours ont une vocation éducative générale et ne remplacent pas l’avis d’un professionnel. Nous faisons de notre mieux pour que le service reste disponible et exact, sans pouvoir garantir l’absence d’erreurs ou d’interruptions.</p>
<p>Des questions sur ces conditions ? <a href="/About#contact">Contactez-nous</a>.</p>`,
      },
    },
  },

  OptOutPreferences: {
    title: 'Préférences en matière de cookies',
    meta: 'Comment Open Learning Commons utilise les cookies et comment faire votre choix.',
    blocks: {
      cookies: {
        body: `<h2>Préférences en matière de cookies</h2>
<p>Les cookies sont de petits fichiers texte qu’un site enregistre dans votre navigateur. Nous en utilisons le moins possible.</p>
<h3>Cookies nécessaires</h3>
<p>Ils vous maintiennent connecté et mémorisent votre langue. Le site ne peut pas fonctionner sans eux ; ils sont donc toujours actifs. Ils ne servent jamais à vous suivre.</p>
<h3>Cookies facultatifs</h3>
<p>Certaines pages intègrent des vidéos ou utilisent les services d’autres entreprises, qui peuvent déposer leurs propres cookies et mesurer l’utilisation du site. Ils ne sont activés que si vous y consentez.</p>
<h3>Votre choix</h3>
<p>Utilisez les boutons de cette page pour accepter ou refuser les cookies facultatifs. Vous pouvez changer d’avis à tout moment en revenant sur cette page, accessible en bas de chaque page. Votre choix est enregistré dans votre navigateur et, lorsque vous êtes connecté, dans votre compte.</p>`,
      },
    },
  },

  German: {
    title: 'Allemand',
    meta: 'Open Learning Commons pour les germanophones : cours et pages en allemand.',
    blocks: {
      welcome: {
        body: `<h2>Bienvenue aux germanophones</h2>
<p>Tous nos cours et toutes nos pages existent aussi en allemand. Cette page est le point de départ pour celles et ceux qui préfèrent étudier en allemand.</p>
<p>Pour afficher tout le site en allemand, choisissez <em>Deutsch</em> dans le menu des langues en haut de la page.</p>`,
      },
      start: {
        body: `<h2>Premiers pas</h2>
<ul>
<li><a href="/Courses">Parcourez les cours</a> et ouvrez la version allemande d’un cours.</li>
<li>Rejoignez la classe à votre rythme en allemand et commencez par la première leçon.</li>
<li>Des questions ? <a href="/About#contact">Écrivez-nous</a> ; nous répondons aussi en allemand.</li>
</ul>`,
      },
    },
  },

  'page-not-found': {
    title: 'Page introuvable',
    meta: 'La page demandée est introuvable.',
    blocks: {
      notfound: {
        body: `<h2>Page introuvable</h2>
<p>Désolés, nous n’avons pas trouvé la page que vous cherchiez. Elle a peut-être été déplacée ou supprimée.</p>
<p><a href="/">Retour à l’accueil</a> ou <a href="/Courses">voir nos cours</a>.</p>`,
      },
    },
  },
  Privacy: {
    title: 'Avis de confidentialité',
    meta: 'Comment Open Learning Commons utilise les données personnelles de ses apprenants, et vos droits.',
    blocks: {
      notice: {
        body: `<h2>Avis de confidentialité</h2>
<p>Open Learning Commons est un organisme de formation à but non lucratif. Cet avis explique quelles données personnelles nous conservons à votre sujet, pourquoi, et ce que vous pouvez faire.</p>
<h3>Ce que nous conservons</h3>
<p>Votre compte et votre profil (nom, adresse e-mail et les informations que vous choisissez de donner), vos inscriptions et votre progression, vos réponses aux quiz et examens, vos certificats, vos messages et réponses, les réponses aux enquêtes données en étant connecté, vos sessions et votre choix de cookies, ainsi que la liste des e-mails que nous vous avons envoyés.</p>
<h3>Pourquoi</h3>
<p>Pour gérer votre compte, suivre votre progression et délivrer des certificats vérifiables. Nous ne vendons jamais vos données.</p>
<h3>Vos droits</h3>
<p>Dans votre espace de compte, vous pouvez télécharger une copie de tout ce que nous conservons (Télécharger mes données) et supprimer votre compte (Supprimer mon compte). Après la suppression, vos certificats restent vérifiables par leur code, sans votre nom, et vos messages restent signés par un ancien apprenant.</p>
<h3>Combien de temps</h3>
<p>Les comptes sont conservés tant qu’ils sont utilisés. L’organisation peut fixer une durée au-delà de laquelle les comptes inactifs sont supprimés ; vous serez prévenu par e-mail 30 jours avant.</p>
<h3>Contact</h3>
<p>Pour toute question sur vos données, écrivez-nous via les coordonnées de notre page À propos.</p>`,
      },
    },
  },
};
