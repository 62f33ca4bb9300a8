Feature: Variants of the wild cards
  Variants that narrow when a Wild or Wild Draw Four may be laid, what colour may be
  named for it, and whether a Wild Draw Four can be challenged.

  Rule: V-WILD-ONLY-WITHOUT-COLOUR

    @V-WILD-ONLY-WITHOUT-COLOUR @official
    Scenario: a Wild may be laid by a player without the current colour
      Cites sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the option V-WILD-ONLY-WITHOUT-COLOUR
      And the hands are
        | seat | cards    |
        | 0    | W B3 G5  |
        | 1    | B1 B2 B4 |
        | 2    | Y1 Y2 Y3 |
      And the top card is R3
      Then seat 0 may play B3
      And seat 0 may play W
      When seat 0 plays W
      Then the phase is colour
      And seat 0 is to act

    @V-WILD-ONLY-WITHOUT-COLOUR @negative @official
    Scenario: a Wild is refused while a card of the current colour is held
      Cites sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the option V-WILD-ONLY-WITHOUT-COLOUR
      And the hands are
        | seat | cards    |
        | 0    | W R9 G5  |
        | 1    | B1 B2 B4 |
        | 2    | Y1 Y2 Y3 |
      And the top card is R3
      When seat 0 tries to play W
      Then the action is refused under V-WILD-ONLY-WITHOUT-COLOUR
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-WILD-ONLY-WITHOUT-COLOUR @official
    Scenario: another Wild in hand does not block a Wild
      Cites sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the option V-WILD-ONLY-WITHOUT-COLOUR
      And the hands are
        | seat | cards    |
        | 0    | W W G5   |
        | 1    | B1 B2 B4 |
        | 2    | Y1 Y2 Y3 |
      And the top card is R3
      Then seat 0 may play W

    @V-WILD-ONLY-WITHOUT-COLOUR @official
    Scenario: a Wild just drawn is judged on the hand after the draw
      Cites sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the option V-WILD-ONLY-WITHOUT-COLOUR
      And the hands are
        | seat | cards    |
        | 0    | G5 B7    |
        | 1    | B1 B2 B4 |
        | 2    | Y1 Y2 Y3 |
      And the top card is R3
      And the draw pile starts with W
      When seat 0 draws
      Then seat 0 may play W

    @V-WILD-ONLY-WITHOUT-COLOUR @negative @official
    Scenario: a Wild just drawn stays blocked by a card of the current colour
      Cites sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the option V-WILD-ONLY-WITHOUT-COLOUR
      And the hands are
        | seat | cards    |
        | 0    | R9 B7    |
        | 1    | B1 B2 B4 |
        | 2    | Y1 Y2 Y3 |
      And the top card is R3
      And the draw pile starts with W
      When seat 0 draws
      Then seat 0 may not play W
      And seat 1 is to act
      And seat 0 holds exactly R9 B7 W

    @V-WILD-ONLY-WITHOUT-COLOUR @official
    Scenario: the Wild Draw Four is left to its own test
      Cites sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the option V-WILD-ONLY-WITHOUT-COLOUR
      And the hands are
        | seat | cards     |
        | 0    | W WD4 R9  |
        | 1    | B1 B2 B4  |
        | 2    | Y1 Y2 Y3  |
      And the top card is R3
      Then seat 0 may not play W
      And seat 0 may play WD4

  Rule: V-WILD-MUST-CHANGE-COLOUR

    @V-WILD-MUST-CHANGE-COLOUR @official
    Scenario: a Wild names one of the three other colours
      Cites sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the option V-WILD-MUST-CHANGE-COLOUR
      And the hands are
        | seat | cards    |
        | 0    | W R9 G5  |
        | 1    | B1 B2 B4 |
        | 2    | Y1 Y2 Y3 |
      And the top card is R3
      When seat 0 plays W
      Then the legal actions of seat 0 are
        | action       |
        | names yellow |
        | names green  |
        | names blue   |
      When seat 0 names blue
      Then the current colour is blue
      And seat 1 is to act

    @V-WILD-MUST-CHANGE-COLOUR @negative @official
    Scenario: naming the current colour for a Wild is refused
      Cites sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the option V-WILD-MUST-CHANGE-COLOUR
      And the hands are
        | seat | cards    |
        | 0    | W R9 G5  |
        | 1    | B1 B2 B4 |
        | 2    | Y1 Y2 Y3 |
      And the top card is R3
      When seat 0 plays W
      And seat 0 tries to name red
      Then the action is refused under V-WILD-MUST-CHANGE-COLOUR
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-WILD-MUST-CHANGE-COLOUR @negative @official
    Scenario: a Wild Draw Four must change the colour too
      Cites sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the option V-WILD-MUST-CHANGE-COLOUR
      And the hands are
        | seat | cards     |
        | 0    | WD4 B9 G5 |
        | 1    | B1 B2 B4  |
        | 2    | Y1 Y2 Y3  |
      And the top card is R3
      When seat 0 plays WD4
      And seat 0 tries to name red
      Then the action is refused under V-WILD-MUST-CHANGE-COLOUR
      And seat 0 may name green

    @V-WILD-MUST-CHANGE-COLOUR @official
    Scenario: a Wild turned up as starter may be given any colour
      Cites sv-unoregler › Färg › ¶1

      Given the option V-WILD-MUST-CHANGE-COLOUR
      And a new 4-player match
      When the dealer-selection cards are R5 G9 B2 Y7
      Then seat 1 is the dealer
      When the cards are dealt with the starter W
      Then the phase is colour
      And seat 2 is to act
      And the legal actions of seat 2 are
        | action       |
        | names red    |
        | names yellow |
        | names green  |
        | names blue   |

  Rule: V-WD4-ONLY-IF-NO-PLAYABLE

    @V-WD4-ONLY-IF-NO-PLAYABLE @negative @official
    Scenario: a Wild Draw Four is refused while a card matching by number is held
      Cites sv-unoregler › Färg & Dra 4 › ¶1

      Given a 3-player game
      And the option V-WD4-ONLY-IF-NO-PLAYABLE
      And the hands are
        | seat | cards      |
        | 0    | WD4 B3 G5  |
        | 1    | B1 B2 B4   |
        | 2    | Y1 Y2 Y4   |
      And the top card is R3
      When seat 0 tries to play WD4
      Then the action is refused under V-WD4-ONLY-IF-NO-PLAYABLE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-WD4-ONLY-IF-NO-PLAYABLE @negative @official
    Scenario: a playable plain Wild blocks a Wild Draw Four
      Cites sv-unoregler › Färg & Dra 4 › ¶1

      Given a 3-player game
      And the option V-WD4-ONLY-IF-NO-PLAYABLE
      And the hands are
        | seat | cards      |
        | 0    | WD4 W G5   |
        | 1    | B1 B2 B4   |
        | 2    | Y1 Y2 Y4   |
      And the top card is R3
      Then seat 0 may play W
      And seat 0 may not play WD4

    @V-WD4-ONLY-IF-NO-PLAYABLE @official
    Scenario: a Wild Draw Four is allowed when nothing else can be played
      Cites sv-unoregler › Färg & Dra 4 › ¶1

      Given a 3-player game
      And the option V-WD4-ONLY-IF-NO-PLAYABLE
      And the hands are
        | seat | cards         |
        | 0    | WD4 WD4 G5 B7 |
        | 1    | B1 B2 B4      |
        | 2    | Y1 Y2 Y4      |
      And the top card is R3
      When seat 0 plays WD4
      And seat 0 names green
      Then the phase is challenge
      When seat 1 challenges
      Then seat 1 holds 9 cards
      And seat 2 is to act

    @V-WD4-ONLY-IF-NO-PLAYABLE @negative @official
    Scenario: a Wild Draw Four just drawn is judged on the rest of the hand
      Cites sv-unoregler › Färg & Dra 4 › ¶1

      Given a 3-player game
      And the option V-WD4-ONLY-IF-NO-PLAYABLE
      And the hands are
        | seat | cards    |
        | 0    | B3 G5    |
        | 1    | B1 B2 B4 |
        | 2    | Y1 Y2 Y4 |
      And the top card is R3
      And the draw pile starts with WD4
      When seat 0 draws
      Then seat 0 may not play WD4
      And seat 1 is to act

    @V-WD4-ONLY-IF-NO-PLAYABLE @official
    Scenario: under challenge enforcement a failing Wild Draw Four is exposed by a challenge
      Cites sv-unoregler › Färg & Dra 4 › ¶1

      Given a 3-player game
      And the option V-WD4-ONLY-IF-NO-PLAYABLE is {"enforcement": "challenge"}
      And the hands are
        | seat | cards      |
        | 0    | WD4 B3 G5  |
        | 1    | B1 B2 B4   |
        | 2    | Y1 Y2 Y4   |
      And the top card is R3
      When seat 0 plays WD4
      And seat 0 names green
      And seat 1 challenges
      Then seat 0 holds 6 cards
      And seat 1 holds 3 cards
      And an event challenge_decided cites WD4-CHALLENGE-GUILTY

    @V-WD4-ONLY-IF-NO-PLAYABLE @negative @sv-unoregler
    Scenario: the Swedish guide refuses a Wild Draw Four while another card fits
      Cites sv-unoregler › Färg & Dra 4 › ¶1

      Given a 3-player game under the sv-unoregler profile
      And the hands are
        | seat | cards      |
        | 0    | WD4 B3 G5  |
        | 1    | B1 B2 B4   |
        | 2    | Y1 Y2 Y4   |
      And the top card is R3
      When seat 0 tries to play WD4
      Then the action is refused under V-WD4-ONLY-IF-NO-PLAYABLE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-WD4-ONLY-IF-NO-PLAYABLE @sv-unoregler
    Scenario: the Swedish guide allows a Wild Draw Four when nothing else fits
      Cites sv-unoregler › Färg & Dra 4 › ¶1

      Given a 3-player game under the sv-unoregler profile
      And the hands are
        | seat | cards      |
        | 0    | WD4 B7 G5  |
        | 1    | B1 B2 B4   |
        | 2    | Y1 Y2 Y4   |
      And the top card is R3
      Then seat 0 may play WD4

    @V-WD4-ONLY-IF-NO-PLAYABLE @negative @sv-unoregler
    Scenario: the Swedish rules refuse a Wild Draw Four that breaks their condition
      Cites sv-unoregler › Färg & Dra 4 › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 R2 B5 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 tries to play WD4
      Then the action is refused under V-WD4-ONLY-IF-NO-PLAYABLE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

  Rule: V-NO-WD4-CHALLENGE

    @V-NO-WD4-CHALLENGE @official
    Scenario: the victim of a Wild Draw Four draws four at once
      Cites sv-unoregler › Färg & Dra 4 › ¶1

      Given a 3-player game
      And the option V-NO-WD4-CHALLENGE
      And the hands are
        | seat | cards     |
        | 0    | WD4 B7 G5 |
        | 1    | B1 B2 B4  |
        | 2    | Y1 Y2 Y4  |
      And the top card is R3
      When seat 0 plays WD4
      And seat 0 names green
      Then seat 1 holds 7 cards
      And seat 2 is to act
      And the phase is turn
      And an event cards_drawn cites WD4-EFFECT

    @V-NO-WD4-CHALLENGE @negative @official
    Scenario: the victim is never offered a challenge
      Cites sv-unoregler › Färg & Dra 4 › ¶1

      Given a 3-player game
      And the option V-NO-WD4-CHALLENGE
      And the hands are
        | seat | cards     |
        | 0    | WD4 B7 G5 |
        | 1    | B1 B2 B4  |
        | 2    | Y1 Y2 Y4  |
      And the top card is R3
      When seat 0 plays WD4
      And seat 0 names green
      Then seat 1 may not challenge
      When seat 1 tries to challenge
      Then the action is refused

    @V-NO-WD4-CHALLENGE @negative @official
    Scenario: with engine enforcement a Wild Draw Four held with the current colour is refused
      Cites sv-unoregler › Färg & Dra 4 › ¶1

      Given a 3-player game
      And the option V-NO-WD4-CHALLENGE
      And the hands are
        | seat | cards     |
        | 0    | WD4 R9 G5 |
        | 1    | B1 B2 B4  |
        | 2    | Y1 Y2 Y4  |
      And the top card is R3
      When seat 0 tries to play WD4
      # checks V-NO-WD4-CHALLENGE
      Then the action is refused under WD4-RESTRICTION
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-NO-WD4-CHALLENGE @official
    Scenario: with no enforcement a Wild Draw Four may be laid on any turn
      Cites sv-unoregler › Färg & Dra 4 › ¶1

      Given a 3-player game
      And the option V-NO-WD4-CHALLENGE is {"enforcement": "none"}
      And the hands are
        | seat | cards     |
        | 0    | WD4 R9 G5 |
        | 1    | B1 B2 B4  |
        | 2    | Y1 Y2 Y4  |
      And the top card is R3
      When seat 0 plays WD4
      And seat 0 names blue
      Then seat 1 holds 7 cards
      And seat 2 is to act

    @V-NO-WD4-CHALLENGE @sv-unoregler
    Scenario: in the Swedish guide a Wild Draw Four is simply drawn
      Cites sv-unoregler › Färg & Dra 4 › ¶1

      Given a 3-player game under the sv-unoregler profile
      And the hands are
        | seat | cards     |
        | 0    | WD4 B7 G5 |
        | 1    | B1 B2 B4  |
        | 2    | Y1 Y2 Y4  |
      And the top card is R3
      When seat 0 plays WD4
      And seat 0 names green
      Then seat 1 holds 7 cards
      And seat 2 is to act
      And seat 1 may not challenge
