import { formatCount } from '../../../core/numbers';
import { GROUP_NAME_MAX, MAX_GROUPS_PER_DEVICE, MEMBER_NAME_MAX } from '../../../core/friends';
import { GROUP_NAME_LABEL, MEMBER_NAME_LABEL } from '../../../core/friends-schema';
import { PLAY_WITH_FRIENDS } from '../../components/friends-link';

const tries = (n: number) => `${formatCount(n)} ${n === 1 ? 'try' : 'tries'}`;

/** The groups of friends' pages' text (a lazily loaded feature keeps its own strings). */
export const FRIENDS_STRINGS = {
  title: PLAY_WITH_FRIENDS,
  intro:
    'Make a private group for your family or friends: whoever opens its link joins, no account needed. Each day, everyone sees how the others did on today’s puzzle, once they have played it too.',
  yourGroups: 'Your groups',
  noGroups: 'You are not in any group on this device yet.',
  startTitle: 'Start a group',
  groupName: GROUP_NAME_LABEL,
  yourName: MEMBER_NAME_LABEL,
  groupNameHint: `1 to ${GROUP_NAME_MAX} characters.`,
  yourNameHint: `1 to ${MEMBER_NAME_MAX} characters: how the others see you.`,
  start: 'Start a group',
  starting: 'Starting…',
  deviceFull: `This device is in ${MAX_GROUPS_PER_DEVICE} groups, the most it can be in. Leave one to start or join another.`,
  consentQuestion:
    'To keep your groups, this device must store them in local storage. Do you accept?',
  accept: 'Accept and continue',
  reject: 'Store nothing',
  rejected:
    'Nothing was stored on this device and nothing was sent. You can come back to this page at any time.',
  noServer:
    'Our server cannot be reached just now, so groups cannot be started or joined. Please try again later.',
  inviteTitle: 'Invite your friends',
  inviteIntro:
    'Send this link to the people you want in the group, or let them scan the QR code. Anyone with the link can join, so share it only with them.',
  inviteLabel: 'Invite link',
  qrLabel: 'QR code of the invite link',
  qrTooLong: 'This link is too long for a QR code: copy it or share it instead.',
  qrUnavailable: 'The QR code could not be shown: copy the link or share it instead.',
  shareText: 'Join my group on Linchpin',
  openGroup: 'Open the group',
  joinTitle: 'Join a group',
  members: 'Members',
  joinNote:
    'Joining shares your results of each day’s puzzle (won or lost, your tries and your grid of squares, never a word of the puzzle) with the members of this group, under your name. This is separate from the anonymous figures of everyone’s results. If you have already finished today’s puzzle, that result is added now; nothing older is.',
  join: 'Join this group',
  joining: 'Joining…',
  full: 'This group is full.',
  alreadyIn: 'You are already in this group on this device.',
  noSuchInvite:
    'This invite link does not open any group: it may be mistyped, cut short or changed, or the group was deleted. Ask for the link again.',
  backToGroups: 'Your groups',
  today: 'Today',
  thisWeek: 'This week',
  allTime: 'All time',
  member: 'Member',
  played: 'Played',
  result: 'Result',
  grid: 'Grid',
  daysPlayed: 'Days played',
  wins: 'Wins',
  averageTries: 'Average tries',
  streak: 'Current streak',
  yes: 'Yes',
  notYet: 'Not yet',
  you: '(you)',
  starter: '(starter)',
  hidden:
    'Finish today’s puzzle to see how the others played: until then this page shows only who has played.',
  won: (n: number) => `Won in ${tries(n)}`,
  lost: (n: number) => `Lost after ${tries(n)}`,
  gridLabel: (name: string) => `${name}’s grid`,
  sortRule:
    'Sorted by wins, then the fewest tries on average (won games only), then the most days played. Weeks run Monday to Sunday (UTC).',
  weekHidden: 'Today’s results count here once you have finished today’s puzzle.',
  asOf: (time: string) => `Offline: the table as it was at ${time}.`,
  updated: (time: string) => `Updated at ${time}.`,
  unavailable: 'This group cannot be reached just now. Please try again later.',
  gone: 'You are no longer in this group on this device.',
  noGroup: 'This device is not in that group.',
  renameTitle: 'Your name in this group',
  saveName: 'Change your name',
  nameSaved: 'Your name was changed.',
  leave: 'Leave this group',
  leaveNote:
    'Your results in this group are deleted with you, and the others no longer see you. Leave this group?',
  leaveConfirm: 'Yes, leave this group',
  stay: 'Stay in the group',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  removed: (name: string) => `${name} was removed from the group.`,
  tryAgain: 'Something went wrong. Please try again.',
} as const;
