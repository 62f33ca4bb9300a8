Feature: Jumping in with an identical card
  Under the jump-in variant a player holding an exact copy of the card just laid may
  put it down out of turn, before the player due next has acted; play then carries on
  from the jumper as if the card had been played on the jumper's own turn.

  Rule: V-JUMP-IN

    @V-JUMP-IN @official
    Scenario: an exact copy of the top card may be played out of turn
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the hands are
        | seat | cards    |
        | 0    | R5 G1 G2 |
        | 1    | B1 B2 B3 |
        | 2    | R5 Y1 Y2 |
        | 3    | G5 G6 G7 |
      And the top card is R3
      When seat 0 plays R5
      Then seat 1 is to act
      And seat 2 may jump in with R5
      When seat 2 jumps in with R5
      Then the top card is R5
      And seat 2 holds exactly Y1 Y2
      And seat 3 is to act
      And an event jumped_in cites V-JUMP-IN

    @V-JUMP-IN @negative @official
    Scenario: a card of the same number in another colour cannot jump in
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the hands are
        | seat | cards    |
        | 0    | R5 G1 G2 |
        | 1    | B1 B2 B3 |
        | 2    | B5 Y1 Y2 |
        | 3    | G5 G6 G7 |
      And the top card is R3
      When seat 0 plays R5
      And seat 2 tries to jump in with B5
      Then the action is refused under V-JUMP-IN
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks V-JUMP-IN
      And seat 3 may not jump in with G5

    @V-JUMP-IN @negative @official
    Scenario: the player who laid the card may not jump in on it
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the hands are
        | seat | cards    |
        | 0    | R5 R5 G1 |
        | 1    | B1 B2 B3 |
        | 2    | Y1 Y2 Y3 |
        | 3    | G5 G6 G7 |
      And the top card is R3
      When seat 0 plays R5
      And seat 0 tries to jump in with R5
      Then the action is refused under V-JUMP-IN
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-JUMP-IN @negative @official
    Scenario: the chance to jump in ends once the next player has drawn
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the hands are
        | seat | cards    |
        | 0    | R5 G1 G2 |
        | 1    | B1 B2 B3 |
        | 2    | Y1 Y2 Y3 |
        | 3    | R5 G6 G7 |
      And the top card is R3
      And the draw pile starts with B9
      When seat 0 plays R5
      And seat 1 draws
      # checks DRAW-END-TURN
      Then seat 2 is to act
      # checks V-JUMP-IN
      And the top card is R5
      When seat 3 tries to jump in with R5
      Then the action is refused under V-JUMP-IN
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-JUMP-IN @negative @official
    Scenario: the starter card cannot be jumped on
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the hands are
        | seat | cards    |
        | 0    | G1 G2 G3 |
        | 1    | B1 B2 B3 |
        | 2    | R5 Y1 Y2 |
        | 3    | G5 G6 G7 |
      And the top card is R5
      When seat 2 tries to jump in with R5
      Then the action is refused under V-JUMP-IN
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-JUMP-IN @official
    Scenario: a copied Reverse cancels the covered one and turns play from the jumper
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the hands are
        | seat | cards    |
        | 0    | RR G1 G2 |
        | 1    | B1 B2 B3 |
        | 2    | RR Y1 Y2 |
        | 3    | G5 G6 G7 |
      And the top card is R3
      When seat 0 plays RR
      Then play runs counter-clockwise
      And seat 3 is to act
      When seat 2 jumps in with RR
      Then play runs counter-clockwise
      And seat 1 is to act

    @V-JUMP-IN @official
    Scenario: a copied Skip gives the covered turn back and skips the player after the jumper
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the hands are
        | seat | cards    |
        | 0    | GS R1 R2 |
        | 1    | B1 B2 B3 |
        | 2    | Y1 Y2 Y3 |
        | 3    | GS G6 G7 |
      And the top card is G3
      When seat 0 plays GS
      Then seat 2 is to act
      When seat 3 jumps in with GS
      Then seat 1 is to act
      And play runs clockwise

    @V-JUMP-IN @official
    Scenario: cards drawn for a covered Draw Two stay drawn
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the hands are
        | seat | cards     |
        | 0    | BD2 R1 R2 |
        | 1    | Y4 Y5 Y6  |
        | 2    | Y1 Y2 Y3  |
        | 3    | BD2 G6 G7 |
      And the top card is B3
      When seat 0 plays BD2
      Then seat 1 holds 5 cards
      And seat 2 is to act
      When seat 3 jumps in with BD2
      Then seat 0 holds 4 cards
      And seat 1 holds 5 cards
      And seat 1 is to act

    @V-JUMP-IN @official
    Scenario: a Wild may cover a Wild whatever colour was named and names a new one
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the hands are
        | seat | cards    |
        | 0    | W G1 G2  |
        | 1    | B1 B2 B3 |
        | 2    | W Y1 Y2  |
        | 3    | G5 G6 G7 |
      And the top card is R3
      When seat 0 plays W
      And seat 0 names green
      Then seat 1 is to act
      When seat 2 jumps in with W
      Then the phase is colour
      And seat 2 is to act
      When seat 2 names yellow
      Then the current colour is yellow
      And seat 3 is to act

    @V-JUMP-IN @official
    Scenario: a jump-in may itself be jumped on
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the hands are
        | seat | cards    |
        | 0    | W G1 G2  |
        | 1    | W B2 B3  |
        | 2    | W Y1 Y2  |
        | 3    | G5 G6 G7 |
      And the top card is R3
      When seat 0 plays W
      And seat 0 names green
      And seat 2 jumps in with W
      And seat 2 names yellow
      Then seat 3 is to act
      And seat 2 may not jump in with W
      When seat 1 jumps in with W
      And seat 1 names blue
      Then the current colour is blue
      And seat 2 is to act

    @V-JUMP-IN @official
    Scenario: a jumped-in Wild Draw Four may be challenged by its victim
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the hands are
        | seat | cards      |
        | 0    | WD4 Y1 Y2  |
        | 1    | B1 B2 B3   |
        | 2    | G1 G2 G3   |
        | 3    | WD4 Y5 Y6  |
      And the top card is R3
      When seat 0 plays WD4
      And seat 0 names green
      And seat 1 accepts
      Then seat 2 is to act
      When seat 3 jumps in with WD4
      And seat 3 names red
      Then the phase is challenge
      And seat 0 is to act
      And seat 0 may challenge

    @V-JUMP-IN @negative @official
    Scenario: a Wild Draw Four that fails its test cannot jump in where the engine enforces it
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the option WD4-BLUFF.wd4_enforcement is "engine"
      And the hands are
        | seat | cards      |
        | 0    | WD4 Y1 Y2  |
        | 1    | B1 B2 B3   |
        | 2    | G1 G2 G3   |
        | 3    | WD4 G5 G6  |
      And the top card is R3
      When seat 0 plays WD4
      And seat 0 names green
      And seat 1 accepts
      Then seat 2 is to act
      And seat 3 may not jump in with WD4
      When seat 3 tries to jump in with WD4
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-JUMP-IN @V-WILD-ONLY-WITHOUT-COLOUR @negative @official
    Scenario: a Wild cannot jump in while its player holds the colour named
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7; sv-unoregler › Färg › ¶1

      Given a 4-player game
      And the option V-JUMP-IN
      And the option V-WILD-ONLY-WITHOUT-COLOUR
      And the hands are
        | seat | cards    |
        | 0    | W Y1 Y2  |
        | 1    | B1 B2 B3 |
        | 2    | W G1 Y3  |
        | 3    | W Y5 Y6  |
      And the top card is R3
      When seat 0 plays W
      And seat 0 names green
      Then seat 1 is to act
      And seat 2 may not jump in with W
      And seat 3 may jump in with W
      When seat 2 tries to jump in with W
      Then the action is refused under V-WILD-ONLY-WITHOUT-COLOUR
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-JUMP-IN @official
    Scenario: jumping in with the last card wins the round
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the hands are
        | seat | cards    |
        | 0    | R5 G1 G2 |
        | 1    | B1 B2 B3 |
        | 2    | R5       |
        | 3    | G5 G6 G7 |
      And the top card is R3
      When seat 0 plays R5
      And seat 2 jumps in with R5
      Then the round is won by seat 2

    @V-JUMP-IN @official
    Scenario: a jump-in closes the open UNO catch window
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the hands are
        | seat | cards    |
        | 0    | R5 G1    |
        | 1    | B1 B2 B3 |
        | 2    | R5 Y1 Y2 |
        | 3    | G5 G6 G7 |
      And the top card is R3
      When seat 0 plays R5
      Then seat 0 can be caught
      When seat 2 jumps in with R5
      Then seat 0 cannot be caught
      And seat 1 may not catch seat 0

    @V-JUMP-IN @official
    Scenario: a jumper left with one card must call UNO
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the hands are
        | seat | cards    |
        | 0    | R5 G1 G2 |
        | 1    | B1 B2 B3 |
        | 2    | R5 Y1    |
        | 3    | G5 G6 G7 |
      And the top card is R3
      When seat 0 plays R5
      And seat 2 jumps in with R5
      Then seat 2 must call UNO
      And seat 2 may call UNO

    @AMB-36
    Scenario Outline: an out-of-turn copy with jump-in on and off
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game under the <profile> profile
      And the option V-JUMP-IN is <setting>
      And the hands are
        | seat | cards    |
        | 0    | R5 G1 G2 |
        | 1    | B1 B2 B3 |
        | 2    | R5 Y1 Y2 |
        | 3    | G5 G6 G7 |
      And the top card is R3
      When seat 0 plays R5
      And seat 2 tries to jump in with R5
      Then the outcome is <outcome>

      @official @V-JUMP-IN
      Examples:
        | profile  | setting | outcome                                      |
        | official | true    | seat 3 is to act; seat 2 holds exactly Y1 Y2 |

      @official @TURN-ADVANCE
      Examples:
        | profile  | setting | outcome                    |
        | official | false   | refused under TURN-ADVANCE |

      @sv-unoregler @TURN-ADVANCE
      Examples:
        | profile      | setting | outcome                    |
        | sv-unoregler | false   | refused under TURN-ADVANCE |

    @V-JUMP-IN @V-CHEAT @negative @official
    Scenario: a face-down card cannot be jumped on, even by a player holding the card announced
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the option V-CHEAT
      And the hands are
        | seat | cards    |
        | 0    | R5 G1 G2 |
        | 1    | B1 B2 B3 |
        | 2    | R5 Y1 Y2 |
        | 3    | G5 G6 G7 |
      And the top card is R3
      When seat 0 plays R5 announcing R5
      And seat 1 accepts
      # checks V-CHEAT
      Then seat 1 is to act
      # checks V-JUMP-IN
      And seat 2 may not jump in with R5

    @V-JUMP-IN @V-CHEAT @negative @official
    Scenario: a face-down play ends the chance to jump in on the card under it, even once a right accusation puts that card back on top
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶7

      Given a 4-player game
      And the option V-JUMP-IN
      And the option V-CHEAT
      And the hands are
        | seat | cards    |
        | 0    | W G1 G2  |
        | 1    | B5 B2 W  |
        | 2    | Y1 Y2 Y3 |
        | 3    | G5 G6 G7 |
      And the top card is R3
      When seat 0 plays W
      And seat 0 names red
      Then seat 1 may jump in with W
      When seat 1 plays B5 announcing R5
      And seat 2 accuses
      # checks V-CHEAT
      Then the top card is W
      And seat 2 is to act
      # checks V-JUMP-IN
      And seat 1 may not jump in with W
