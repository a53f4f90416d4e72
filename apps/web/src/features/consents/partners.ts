/**
 * The partners of document 2 §2 "Privacy & Security" (names as in document 2 §9), each with
 * the text its 'Learn more' window shows. Only AnyWealthAdvisor may be given balances.
 */
export interface Partner {
  id: 'mint' | 'zelle' | 'anywealthadvisor';
  name: string;
  /** False: fixed at No and read-only. */
  selectable: boolean;
  about: readonly string[];
}

export const PARTNERS: readonly Partner[] = [
  {
    id: 'mint',
    name: 'Mint',
    selectable: false,
    about: [
      'Mint is a personal budgeting service that brings accounts from many banks together in one place.',
      'AnyBank does not share your account balances with Mint, so this choice stays at No.',
    ],
  },
  {
    id: 'zelle',
    name: 'Zelle',
    selectable: false,
    about: [
      'Zelle lets you send money to people you know with just their email address or mobile number.',
      'Zelle does not need your account balances to send money, so AnyBank does not share them and this choice stays at No.',
    ],
  },
  {
    id: 'anywealthadvisor',
    name: 'AnyWealthAdvisor',
    selectable: true,
    about: [
      'AnyWealthAdvisor is the wealth-management partner of AnyBank. Its advisors help you plan for retirement, invest and grow your savings.',
      'If you choose Yes, your AnyWealthAdvisor advisor can see the balances of the accounts you select. They cannot see your transactions or move your money.',
      'You can stop sharing at any time: choose No, or clear the accounts, and save.',
    ],
  },
];
