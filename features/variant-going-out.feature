Feature: No going out on a special card
  Under this variant some cards may not be a player's last card: by default no action or
  wild card, or only the Skip, Reverse and Draw Two, or only the two draw cards. A player
  whose single card is barred draws instead.

  Rule: V-NO-ACTION-FINISH

    @V-NO-ACTION-FINISH @negative @official
    Scenario: a Skip may not be the last card
      Cites sv-unoregler › Avsluta och lägga sista kortet › ¶1; sv-unoregler › Vanliga frågor om regler i UNO › ¶4

      Given a 3-player game
      And the option V-NO-ACTION-FINISH
      And the hands are
        | seat | cards |
        | 0    | RS    |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 tries to play RS
      Then the action is refused under V-NO-ACTION-FINISH
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks V-NO-ACTION-FINISH
      And the legal actions of seat 0 are
        | action |
        | draw   |

    @V-NO-ACTION-FINISH @negative @official
    Scenario: a Wild may not be the last card
      Cites sv-unoregler › Avsluta och lägga sista kortet › ¶1

      Given a 3-player game
      And the option V-NO-ACTION-FINISH
      And the hands are
        | seat | cards |
        | 0    | W     |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 tries to play W
      Then the action is refused under V-NO-ACTION-FINISH
      And seat 0 may not play WD4

    @V-NO-ACTION-FINISH @official
    Scenario: a number card may still be the last card
      Cites sv-unoregler › Avsluta och lägga sista kortet › ¶1

      Given a 3-player game
      And the option V-NO-ACTION-FINISH
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 plays R5
      Then the round is won by seat 0

    @V-NO-ACTION-FINISH @official
    Scenario: a player holding only a barred card draws and may play whatever was drawn
      Cites sv-unoregler › Avsluta och lägga sista kortet › ¶1

      Given a 3-player game
      And the option V-NO-ACTION-FINISH
      And the hands are
        | seat | cards |
        | 0    | RD2   |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And the draw pile starts with RS
      And seat 0 has called UNO
      When seat 0 draws
      Then seat 0 holds exactly RD2 RS
      And seat 0 may play RS
      When seat 0 plays RS
      Then seat 0 holds exactly RD2
      # checks SKIP-EFFECT
      And seat 2 is to act

    @V-NO-ACTION-FINISH @official
    Scenario: with only the action cards barred a Wild may end the round
      Cites sv-unoregler › Avsluta och lägga sista kortet › ¶1

      Given a 3-player game
      And the option V-NO-ACTION-FINISH is {"forbidden_last": "action"}
      And the hands are
        | seat | cards |
        | 0    | W     |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 plays W
      Then the round is won by seat 0

    @V-NO-ACTION-FINISH @negative @official
    Scenario: with only the action cards barred a Reverse may not end the round
      Cites sv-unoregler › Avsluta och lägga sista kortet › ¶1

      Given a 3-player game
      And the option V-NO-ACTION-FINISH is {"forbidden_last": "action"}
      And the hands are
        | seat | cards |
        | 0    | RR    |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 tries to play RR
      Then the action is refused under V-NO-ACTION-FINISH

    @V-NO-ACTION-FINISH @official
    Scenario: with only the draw cards barred a Skip may end the round
      Cites sv-unoregler › Avsluta och lägga sista kortet › ¶1

      Given a 3-player game
      And the option V-NO-ACTION-FINISH is {"forbidden_last": "draw"}
      And the hands are
        | seat | cards |
        | 0    | RS    |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 plays RS
      Then the round is won by seat 0

    @V-NO-ACTION-FINISH @negative @official
    Scenario: with only the draw cards barred a Wild Draw Four may not end the round
      Cites sv-unoregler › Avsluta och lägga sista kortet › ¶1

      Given a 3-player game
      And the option V-NO-ACTION-FINISH is {"forbidden_last": "draw"}
      And the hands are
        | seat | cards |
        | 0    | WD4   |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 tries to play WD4
      Then the action is refused under V-NO-ACTION-FINISH

    @V-NO-ACTION-FINISH @negative @official
    Scenario: a barred card cannot be the last card of a jump-in
      Cites sv-unoregler › Avsluta och lägga sista kortet › ¶1

      Given a 4-player game
      And the option V-NO-ACTION-FINISH
      And the option V-JUMP-IN
      And the hands are
        | seat | cards    |
        | 0    | GS R1 R2 |
        | 1    | B1 B2 B3 |
        | 2    | Y1 Y2 Y3 |
        | 3    | GS       |
      And the top card is G3
      And seat 3 has called UNO
      When seat 0 plays GS
      Then seat 3 may not jump in with GS
      When seat 3 tries to jump in with GS
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-NO-ACTION-FINISH @negative @sv-unoregler
    Scenario: the Swedish guide bars a Draw Two as the last card
      Cites sv-unoregler › Avsluta och lägga sista kortet › ¶1; sv-unoregler › Vanliga frågor om regler i UNO › ¶4

      Given a 3-player game under the sv-unoregler profile
      And the hands are
        | seat | cards |
        | 0    | RD2   |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 tries to play RD2
      Then the action is refused under V-NO-ACTION-FINISH
      And seat 0 may draw

    @V-NO-ACTION-FINISH @sv-unoregler
    Scenario: the Swedish guide lets a number card end the game
      Cites sv-unoregler › Avsluta och lägga sista kortet › ¶1

      Given a 3-player game under the sv-unoregler profile
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 plays R5
      Then the round is won by seat 0
      # checks V-SINGLE-ROUND
      And the match is won by seat 0

    @AMB-39
    Scenario Outline: a Skip as the last card under each last-card setting
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶1; sv-unoregler › Vanliga frågor om regler i UNO › ¶4; sv-unoregler › Avsluta och lägga sista kortet › ¶1

      Given a 3-player game under the <profile> profile
      And the option V-NO-ACTION-FINISH is <setting>
      And the hands are
        | seat | cards |
        | 0    | RS    |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      And seat 0 has called UNO
      When seat 0 tries to play RS
      Then the outcome is <outcome>

      @official @V-NO-ACTION-FINISH
      Examples:
        | profile  | setting                       | outcome                          |
        | official | {"forbidden_last": "draw"}    | the round is won by seat 0       |
        | official | {"forbidden_last": "action"}  | refused under V-NO-ACTION-FINISH |
        | official | {"forbidden_last": "special"} | refused under V-NO-ACTION-FINISH |

      @sv-unoregler @V-NO-ACTION-FINISH
      Examples:
        | profile      | setting                       | outcome                          |
        | sv-unoregler | {"forbidden_last": "special"} | refused under V-NO-ACTION-FINISH |

      @official @GO-OUT-ANY-CARD
      Examples:
        | profile  | setting | outcome                    |
        | official | false   | the round is won by seat 0 |
