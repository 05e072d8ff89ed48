import type { LanguageCourseSet } from '../text-types.ts';

export const fr: LanguageCourseSet = {
  selfPacedName: 'À votre rythme (français)',
  selfPacedDescription:
    '<p>Commencez quand vous voulez et étudiez à votre rythme. Votre progression est enregistrée automatiquement, et vous pouvez participer aux discussions avec des apprenants du monde entier.</p>',
  timerequired: '3 heures',

  iol: {
    title: 'Introduction à l’apprentissage en ligne',
    description: `<p>Vous découvrez les études en ligne ? Ce cours vous montre comment fonctionnent les cours en ligne, comment organiser votre temps d’étude et comment bien apprendre avec les autres dans les discussions. C’est la première étape idéale avant tout autre cours.</p>
<ul><li>Trois leçons courtes</li><li>Des quiz et un examen final</li><li>Un certificat une fois l’examen réussi</li></ul>`,
    description2:
      '<p>Des questions sur ce cours ? Posez-les dans les discussions des leçons ou <a href="/About#contact">contactez-nous</a>.</p>',
    lessons: [
      {
        title: 'Premiers pas',
        description:
          '<p>Ce qu’est l’apprentissage en ligne, comment cette plateforme est organisée et comment prendre de bonnes habitudes d’étude.</p>',
        materials: [
          {
            title: 'Bienvenue dans ce cours',
            description: `<p>Bienvenue ! Dans ce cours, vous apprendrez à étudier efficacement en ligne, que vous avanciez seul à votre rythme ou au sein d’un groupe animé par un formateur.</p>
<p>Chaque leçon se compose de contenus courts. Lisez-les dans l’ordre et utilisez le bouton Suivant pour avancer. Votre progression est enregistrée automatiquement, et le menu indique les contenus que vous avez déjà consultés.</p>`,
          },
          {
            title: 'L’organisation d’un cours en ligne',
            description: `<p>Tous les cours de cette plateforme suivent la même structure :</p>
<ul><li>des <strong>leçons</strong>, regroupées en sections, chacune consacrée à un thème ;</li><li>des <strong>contenus</strong> dans chaque leçon : introductions, lectures, activités et discussions ;</li><li>des <strong>quiz</strong> pour vérifier votre compréhension, et un <strong>examen</strong> final.</li></ul>
<p>Une fois l’examen réussi avec au moins 80 %, vous pouvez télécharger votre certificat depuis Mes classes.</p>`,
          },
          {
            title: 'Prendre l’habitude d’apprendre',
            description: `<p>Les recherches sur l’apprentissage des adultes montrent que des séances courtes et régulières sont plus efficaces que de longues séances occasionnelles. Vingt minutes par jour, cinq jours par semaine, cela représente plus d’une heure et demie d’étude concentrée chaque semaine.</p>
<p>Choisissez un moment fixe, par exemple après le petit-déjeuner ou dans le bus, et associez l’étude à une activité que vous faites déjà chaque jour. Gardez un petit carnet pour vos questions et relisez vos notes au début de chaque séance.</p>`,
          },
        ],
      },
      {
        title: 'Étudier efficacement',
        description: '<p>Comment lire de manière active, planifier votre temps et vérifier ce que vous avez appris.</p>',
        materials: [
          {
            title: 'La lecture active',
            description: `<p>Sur un écran, on a vite tendance à survoler. La lecture active vous aide à comprendre et à retenir. Avant de lire, regardez le titre et les intertitres et demandez-vous ce que vous pensez apprendre. Pendant la lecture, arrêtez-vous après chaque paragraphe et résumez-le en une phrase. Après la lecture, notez deux ou trois idées clés et une question qui vous reste.</p>
<p>Si un mot ou une idée n’est pas clair, notez-le et cherchez-le plus tard plutôt que d’interrompre votre lecture.</p>`,
          },
          {
            title: 'Établissez votre plan d’étude',
            description: `<p>À vous de jouer. Suivez ces étapes pour établir un plan d’étude hebdomadaire simple.</p>
<ol><li>Notez les jours et les heures où vous pouvez étudier au moins vingt minutes.</li><li>Choisissez un endroit calme et prévoyez ce dont vous avez besoin : un téléphone chargé, des écouteurs, un carnet.</li><li>Fixez-vous un objectif pour cette semaine, par exemple « terminer la leçon 2 et faire le quiz ».</li></ol>
<p>Partagez votre plan dans la discussion et lisez ceux des autres apprenants. Vous y trouverez peut-être de bonnes idées.</p>`,
            question: 'À quel moment de la journée allez-vous étudier, et qu’est-ce qui vous aidera à tenir votre plan ?',
          },
          {
            title: 'Vérifiez vos connaissances',
            description:
              '<p>Répondez à ces quatre questions pour vérifier ce que vous avez appris jusqu’ici. Il faut 80 % pour réussir, et vous pouvez réessayer autant de fois que vous le souhaitez.</p>',
            quiz: [
              {
                question: 'Quel rythme d’étude convient le mieux à la plupart des adultes ?',
                answers: [
                  'Une longue séance par mois',
                  'Des séances courtes et régulières plusieurs fois par semaine',
                  'Étudier seulement la veille de l’examen',
                ],
                iscorrect: 2,
              },
              {
                question: 'Que faut-il faire après avoir lu un texte ?',
                answers: [
                  'Noter deux ou trois idées clés et une question',
                  'Le fermer et passer aussitôt à autre chose',
                  'Le relire trois fois depuis le début',
                ],
                iscorrect: 1,
              },
              {
                question: 'Quel score faut-il pour réussir un quiz ou l’examen ?',
                answers: ['50 %', '65 %', '80 %', '100 %'],
                iscorrect: 3,
              },
              {
                question: 'Où pouvez-vous télécharger votre certificat ?',
                answers: [
                  'Depuis la page d’accueil',
                  'Par e-mail, avant le début du cours',
                  'Depuis Mes classes, après avoir réussi l’examen',
                ],
                iscorrect: 3,
              },
            ],
          },
        ],
      },
      {
        title: 'Apprendre avec les autres',
        description: '<p>Comment participer aux discussions, faire des retours utiles et terminer le cours.</p>',
        materials: [
          {
            title: 'Participer aux discussions',
            description: `<p>Les discussions vous permettent d’apprendre de l’expérience des autres. Un bon message est court, reste dans le sujet et apporte quelque chose de nouveau : un exemple tiré de votre propre travail, une question ou un point de vue différent.</p>
<p>Lorsque vous répondez à quelqu’un, commencez par reconnaître ce qu’il a dit, puis ajoutez vos propres idées. Restez respectueux, même en cas de désaccord, et n’oubliez pas que d’autres apprenants écrivent peut-être dans une langue qui n’est pas leur langue maternelle.</p>`,
            question: 'Qu’avez-vous appris dans ce cours que vous utiliserez dans votre travail ou vos études ?',
          },
          {
            title: 'Votre avis sur le cours',
            description:
              '<p>Avant l’examen final, dites-nous ce que vous pensez de ce cours. Le questionnaire est anonyme et prend environ deux minutes.</p>',
          },
          {
            title: 'Examen final',
            description:
              '<p>Cet examen porte sur l’ensemble du cours. Il faut au moins 80 % pour le réussir et recevoir votre certificat. Prenez votre temps ; vous pouvez le repasser si nécessaire.</p>',
            quiz: [
              {
                question: 'De quoi se compose une leçon ?',
                answers: [
                  'De contenus tels que des lectures, des activités et des discussions',
                  'D’une vidéo uniquement',
                  'D’un examen final uniquement',
                ],
                iscorrect: 1,
              },
              {
                question: 'Lequel de ces exemples relève de la lecture active ?',
                answers: [
                  'Survoler le texte le plus vite possible',
                  'Résumer chaque paragraphe en une phrase',
                  'Lire avec la télévision allumée',
                ],
                iscorrect: 2,
              },
              {
                question: 'Qu’est-ce qui fait un bon message de discussion ?',
                answers: [
                  'Il est long et aborde de nombreux sujets',
                  'Il répète ce que les autres ont dit',
                  'Il est court, reste dans le sujet et apporte quelque chose de nouveau',
                ],
                iscorrect: 3,
              },
              {
                question: 'Comment répondre lorsque vous n’êtes pas d’accord avec quelqu’un ?',
                answers: [
                  'Ignorer son message',
                  'Reconnaître son point de vue et expliquer le vôtre avec respect',
                  'Demander au formateur de supprimer son message',
                ],
                iscorrect: 2,
              },
              {
                question: 'Quel est l’avantage d’une classe à votre rythme ?',
                answers: [
                  'Vous pouvez commencer quand vous voulez et avancer à votre propre vitesse',
                  'Vous n’avez jamais à passer l’examen',
                  'Un formateur corrige chacune de vos réponses',
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
    title: 'Les bases de la santé communautaire',
    description: `<p>La santé commence à la maison et dans la communauté. Ce cours présente les principaux facteurs qui influencent la santé d’une communauté, des moyens simples de prévenir les maladies courantes et la manière de parler de santé avec vos voisins.</p>
<ul><li>Trois leçons courtes avec des activités pratiques</li><li>Des quiz et un examen final</li><li>Un certificat une fois l’examen réussi</li></ul>
<p><em>Ce cours propose une éducation générale à la santé et ne remplace pas l’avis d’un professionnel de santé.</em></p>`,
    description2:
      '<p>Conçu avec des agents de santé communautaire de plusieurs pays. Des questions ? <a href="/About#contact">Contactez-nous</a>.</p>',
    lessons: [
      {
        title: 'Qu’est-ce que la santé communautaire ?',
        description: '<p>La notion de santé communautaire et les facteurs qui l’influencent.</p>',
        materials: [
          {
            title: 'Bienvenue dans ce cours',
            description: `<p>Bienvenue dans « Les bases de la santé communautaire ». La santé communautaire concerne le bien-être de toutes les personnes qui vivent en un lieu, et pas seulement celui de chaque patient. Bénévoles, enseignants, parents et responsables locaux ont tous un rôle à jouer.</p>
<p>Dans ce cours, vous apprendrez ce qui maintient une communauté en bonne santé, comment prévenir certaines des maladies les plus courantes et comment partager ces connaissances avec votre entourage.</p>`,
          },
          {
            title: 'Ce qui détermine notre santé',
            description: `<p>Notre santé dépend de bien plus que des services de santé. Les spécialistes appellent ces facteurs les <strong>déterminants de la santé</strong> :</p>
<ul><li>les conditions de vie : logement, eau propre, assainissement et aliments sains ;</li><li>l’éducation et les revenus ;</li><li>le soutien de la famille, des amis et des voisins ;</li><li>l’accès aux services de santé en cas de besoin ;</li><li>les habitudes quotidiennes, comme l’alimentation, l’activité physique et l’hygiène.</li></ul>
<p>Une communauté peut améliorer elle-même bon nombre de ces facteurs.</p>`,
          },
          {
            title: 'Se laver les mains sauve des vies',
            description: `<p>Se laver les mains à l’eau et au savon est l’un des moyens les plus simples et les plus efficaces de prévenir les diarrhées et les infections respiratoires. Lavez-les pendant au moins vingt secondes, en frottant les paumes, le dos des mains, entre les doigts et sous les ongles.</p>
<p>Les moments clés sont avant de préparer les repas, avant de manger, après être allé aux toilettes, après avoir changé la couche d’un bébé et après avoir toussé ou éternué. Là où il n’y a pas de robinet, un simple dispositif de lavage des mains fabriqué avec un bidon en plastique facilite les choses.</p>`,
          },
        ],
      },
      {
        title: 'Prévenir les maladies courantes',
        description: '<p>Eau saine, hygiène et connaissance des ressources locales : des mesures simples aux effets importants.</p>',
        materials: [
          {
            title: 'Une eau de boisson saine',
            description: `<p>L’eau insalubre transmet des maladies comme le choléra et la typhoïde. Si vous n’êtes pas sûr que l’eau soit potable, traitez-la avant de la boire : faites-la bouillir à gros bouillons pendant une minute, utilisez des comprimés de chlore selon les instructions ou un filtre adapté.</p>
<p>Conservez l’eau traitée dans un récipient propre et couvert, et puisez-la avec un gobelet propre ou par un robinet, afin que les mains ne touchent pas l’eau.</p>`,
          },
          {
            title: 'Cartographiez les ressources de santé de votre communauté',
            description: `<p>Dessinez un plan simple de votre quartier ou de votre village. Indiquez les lieux importants pour la santé : points d’eau, centre de santé, pharmacie, écoles, marchés et endroits où les déchets s’accumulent.</p>
<p>Répondez ensuite à ces questions : où les gens prennent-ils leur eau ? À quelle distance se trouve le centre de santé le plus proche ? Que manque-t-il ? Partagez vos observations dans la discussion.</p>`,
            question: 'Quelle ressource de santé manque le plus dans votre communauté, et qui pourrait aider à la mettre en place ?',
          },
          {
            title: 'Vérifiez vos connaissances',
            description:
              '<p>Quatre questions sur les leçons vues jusqu’ici. Il faut 80 % pour réussir, et vous pouvez réessayer autant de fois que vous le souhaitez.</p>',
            quiz: [
              {
                question: 'Combien de temps faut-il se laver les mains avec du savon ?',
                answers: ['Environ cinq secondes', 'Au moins vingt secondes', 'Deux minutes'],
                iscorrect: 2,
              },
              {
                question: 'Comment faire bouillir l’eau pour qu’elle soit potable ?',
                answers: ['Jusqu’à ce qu’elle soit tiède', 'Pendant dix secondes', 'Pendant une minute, à gros bouillons'],
                iscorrect: 3,
              },
              {
                question: 'Lequel de ces éléments est un déterminant de la santé ?',
                answers: ['L’accès à l’eau propre', 'La couleur de vos vêtements', 'Votre musique préférée'],
                iscorrect: 1,
              },
              {
                question: 'Comment conserver l’eau traitée ?',
                answers: [
                  'Dans un seau ouvert',
                  'Dans un récipient propre et couvert',
                  'Au soleil, sans couvercle',
                  'Dans un bidon d’huile usagé',
                ],
                iscorrect: 2,
              },
            ],
          },
        ],
      },
      {
        title: 'La santé dans la communauté',
        description: '<p>Comment parler de santé avec les autres et agir ensemble.</p>',
        materials: [
          {
            title: 'Parler de santé avec vos voisins',
            description: `<p>Les gens changent leurs habitudes lorsqu’ils font confiance à la personne qui leur parle et comprennent pourquoi c’est important. Commencez par écouter : demandez ce que les gens savent déjà et ce qui les inquiète. Utilisez des mots simples, des exemples locaux et des images plutôt que des termes techniques.</p>
<p>Concentrez-vous sur une ou deux actions concrètes à la fois, comme se laver les mains avant les repas. Respectez les croyances et la vie privée, et ne partagez jamais des informations sur la santé de quelqu’un sans son accord. Quand une question dépasse vos connaissances, orientez la personne vers un agent de santé.</p>`,
            question:
              'Pensez à un message de santé que vous aimeriez partager dans votre communauté. Comment l’expliqueriez-vous de façon simple et respectueuse ?',
          },
          {
            title: 'Votre avis sur le cours',
            description:
              '<p>Avant l’examen final, dites-nous ce que vous pensez de ce cours. Le questionnaire est anonyme et prend environ deux minutes.</p>',
          },
          {
            title: 'Examen final',
            description:
              '<p>Cet examen porte sur l’ensemble du cours. Il faut au moins 80 % pour le réussir et recevoir votre certificat. Vous pouvez le repasser si nécessaire.</p>',
            quiz: [
              {
                question: 'De quoi s’occupe la santé communautaire ?',
                answers: [
                  'Uniquement du traitement de chaque patient',
                  'Du bien-être de toutes les personnes qui vivent en un lieu',
                  'De la construction d’hôpitaux',
                ],
                iscorrect: 2,
              },
              {
                question: 'Lequel de ces moments est essentiel pour se laver les mains ?',
                answers: ['Avant de préparer les repas', 'Après avoir lu un livre', 'Uniquement avant de dormir'],
                iscorrect: 1,
              },
              {
                question: 'Quelle est une bonne façon de traiter l’eau de boisson ?',
                answers: ['Y ajouter du sucre', 'La laisser reposer toute la nuit', 'La faire bouillir pendant une minute'],
                iscorrect: 3,
              },
              {
                question: 'Que faut-il faire d’abord quand on parle de santé avec ses voisins ?',
                answers: [
                  'Faire un long discours',
                  'Écouter ce qu’ils savent et ce qui les inquiète',
                  'Employer le plus de termes techniques possible',
                ],
                iscorrect: 2,
              },
              {
                question: 'Que faire lorsqu’une question dépasse vos connaissances ?',
                answers: ['Deviner la réponse', 'Ignorer la question', 'Orienter la personne vers un agent de santé'],
                iscorrect: 3,
              },
            ],
          },
        ],
      },
    ],
  },

  survey: {
    title: 'Donnez-nous votre avis',
    description:
      '<p>Merci de prendre un moment pour nous parler de votre expérience. Vos réponses sont anonymes et nous aident à améliorer nos cours.</p>',
    description2: '<p>Merci ! Vos réponses ont bien été reçues.</p>',
    questions: [
      'En une phrase, qu’avez-vous trouvé le plus utile ?',
      'Que pourrions-nous améliorer ? Dites-nous tout ce que vous voulez.',
      'Combien d’heures par semaine consacrez-vous habituellement à vos études avec nous ?',
      'Comment avez-vous connu Open Learning Commons ?\nPar un ami ou un collègue\nPar notre site web\nPar une lettre d’information\nPar les réseaux sociaux\nAutre',
      'Dans l’ensemble, êtes-vous satisfait de nos cours ?\nTrès satisfait\nSatisfait\nNi satisfait ni insatisfait\nInsatisfait',
    ],
  },
};
