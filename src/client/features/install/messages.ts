import { defineMessages } from '#client/i18n/i18n.ts'

/** Strings of the install instructions alert, which both landing pages carry in their markup. */
export const useInstallMessages = defineMessages('install', {
  title: 'Install {{product}} as an App',
  description: 'Add {{product}} to your device in a few taps. It is free and takes seconds.',
  stepsHeading: 'How to install',
  iosStep1: 'Open this page in Safari.',
  iosStep2: 'Tap the Share button at the bottom of the screen.',
  iosStep3: 'Scroll down and tap “Add to Home Screen”, then tap Add.',
  androidStep1: 'Open this page in Chrome.',
  androidStep2: 'Tap the Chrome menu (the three dots at the top right).',
  androidStep3: 'Tap “Add to Home screen”, then tap Install.',
  desktopStep1: 'Look for the install icon at the right end of the address bar.',
  desktopStep2: 'Click it, then click Install.',
  desktopStep3: 'Sabi opens in its own window and appears with your other apps.',
  featuresHeading: 'What you get',
  featureOffline: 'Works offline',
  featureShortcut: 'Home screen shortcut',
  featureNative: 'Native app experience',
  featurePush: 'Push notifications',
  close: 'Got it',
  closeLabel: 'Close',
} as const)
