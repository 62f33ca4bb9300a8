Feature: Stacking draw cards
  Under V-STACK-DRAW the player hit by a Draw Two or Wild Draw Four may answer with a
  draw card of their own, adding to a running total that moves on to the next player;
  whoever will not or cannot answer draws the whole total and misses the turn.

  Rule: V-STACK-DRAW

    @V-STACK-DRAW @official @sv-unoregler
    Scenario: a Draw Two answered with a Draw Two passes four cards on
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶8; fi-wikipedia › Muunnoksia › ¶1 item 3.a

      Given the option V-STACK-DRAW is {"stackable": ["D2-on-D2", "WD4-on-WD4", "D2-on-WD4", "WD4-on-D2"]}
      And a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 G1 G3 |
        | 1    | BD2 Y3 Y4 |
        | 2    | G5 Y9     |
      And the top card is R7
      When seat 0 plays RD2
      Then the phase is stack
      And seat 1 is to act
      And the position has /pending/total = 2
      When seat 1 plays BD2
      Then the top card is BD2
      And seat 2 holds 6 cards
      And seat 0 is to act

    @V-STACK-DRAW @official @sv-unoregler
    Scenario: a victim who does not answer takes the total and misses the turn
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶8; fi-wikipedia › Muunnoksia › ¶1 item 3.a

      Given the option V-STACK-DRAW is {"stackable": ["D2-on-D2", "WD4-on-WD4", "D2-on-WD4", "WD4-on-D2"]}
      And a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 G1 G3 |
        | 1    | BD2 Y3 Y4 |
        | 2    | G5 Y9     |
      And the top card is R7
      When seat 0 plays RD2
      And seat 1 accepts
      Then seat 1 holds 5 cards
      And the position has /pending = null
      And seat 2 is to act

    @V-STACK-DRAW @official @sv-unoregler
    Scenario: a stacked total keeps growing along the table
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶8; fi-wikipedia › Muunnoksia › ¶1 item 3.a

      Given the option V-STACK-DRAW is {"stackable": ["D2-on-D2", "WD4-on-WD4", "D2-on-WD4", "WD4-on-D2"]}
      And a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 YD2 G3 |
        | 1    | BD2 Y3 Y4  |
        | 2    | GD2 Y9     |
      And the top card is R7
      When seat 0 plays RD2
      And seat 1 plays BD2
      Then seat 2 is to act
      And the position has /pending/total = 4
      When seat 2 plays GD2
      Then seat 0 is to act
      And the phase is stack
      And the position has /pending/total = 6
      When seat 0 accepts
      Then seat 0 holds 8 cards
      And seat 1 is to act

    @V-STACK-DRAW @negative @official @sv-unoregler
    Scenario: a plain Wild is never an answer
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶8; fi-wikipedia › Muunnoksia › ¶1 item 3.a

      Given the option V-STACK-DRAW is {"stackable": ["D2-on-D2", "WD4-on-WD4", "D2-on-WD4", "WD4-on-D2"]}
      And a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 G1 G3 |
        | 1    | BD2 W Y4  |
        | 2    | G5 Y9     |
      And the top card is R7
      When seat 0 plays RD2
      Then the legal actions of seat 1 are
        | action   |
        | play BD2 |
        | accept   |
      When seat 1 tries to play W
      Then the action is refused under V-STACK-DRAW
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-STACK-DRAW @negative @official
    Scenario: by default a Wild Draw Four may not answer a Draw Two
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶8; fi-wikipedia › Muunnoksia › ¶1 item 3.a

      Given the option V-STACK-DRAW
      And a 3-player game
      And the hands are
        | seat | cards      |
        | 0    | RD2 G1 G3  |
        | 1    | BD2 WD4 Y4 |
        | 2    | G5 Y9      |
      And the top card is R7
      When seat 0 plays RD2
      Then seat 1 may play BD2
      When seat 1 tries to play WD4
      Then the action is refused under V-STACK-DRAW
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-STACK-DRAW @negative @official
    Scenario: a victim with no answer in hand draws at once
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶8; fi-wikipedia › Muunnoksia › ¶1 item 3.a

      Given the option V-STACK-DRAW
      And a 3-player game
      And the hands are
        | seat | cards      |
        | 0    | RD2 G1 G3  |
        | 1    | WD4 Y3 Y4  |
        | 2    | G5 Y9      |
      And the top card is R7
      When seat 0 plays RD2
      Then seat 1 holds 5 cards
      And seat 2 is to act

    @V-STACK-DRAW @official
    Scenario: a Wild Draw Four answers a Wild Draw Four and the total reaches eight
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶8; fi-wikipedia › Muunnoksia › ¶1 item 3.a

      Given the option V-STACK-DRAW
      And a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 G1 G3 |
        | 1    | WD4 Y3 Y4 |
        | 2    | G5 Y9     |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names green
      Then the legal actions of seat 1 are
        | action    |
        | play WD4  |
        | challenge |
        | accept    |
      When seat 1 plays WD4
      And seat 1 names blue
      Then seat 2 is to act
      And the position has /pending/total = 8
      When seat 2 accepts
      Then seat 2 holds 10 cards
      And seat 0 is to act

    @V-STACK-DRAW @official @sv-unoregler
    Scenario: a Draw Two may answer a Wild Draw Four only in the colour named
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶8; fi-wikipedia › Muunnoksia › ¶1 item 3.a

      Given the option V-STACK-DRAW is {"stackable": ["D2-on-D2", "WD4-on-WD4", "D2-on-WD4", "WD4-on-D2"]}
      And a 3-player game
      And the hands are
        | seat | cards       |
        | 0    | WD4 G1 G3   |
        | 1    | BD2 GD2 Y4  |
        | 2    | G5 Y9       |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      Then seat 1 may play BD2
      And seat 1 may not play GD2
      When seat 1 plays BD2
      Then seat 2 holds 8 cards
      And seat 0 is to act

    @V-STACK-DRAW @official
    Scenario: a Wild Draw Four may answer a Draw Two when mixed pairings are on
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶8; fi-wikipedia › Muunnoksia › ¶1 item 3.a

      Given the option V-STACK-DRAW is {"stackable": ["D2-on-D2", "WD4-on-WD4", "D2-on-WD4", "WD4-on-D2"]}
      And a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 G1 G3 |
        | 1    | WD4 Y3 Y4 |
        | 2    | G5 B9     |
      And the top card is R7
      When seat 0 plays RD2
      And seat 1 plays WD4
      And seat 1 names green
      Then seat 2 is to act
      And the position has /pending/total = 6
      When seat 2 accepts
      Then seat 2 holds 8 cards
      And the current colour is green
      And seat 0 is to act

    @V-STACK-DRAW @official
    Scenario: a guilty Wild Draw Four on top of a stack costs its player the whole total
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶8; fi-wikipedia › Muunnoksia › ¶1 item 3.a

      Given the option V-STACK-DRAW
      And a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 G1 G3 |
        | 1    | WD4 B3 Y4 |
        | 2    | G5 Y9     |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 plays WD4
      And seat 1 names green
      And seat 2 challenges
      Then seat 1 holds 10 cards
      And seat 2 holds 2 cards
      And seat 2 is to act

    @V-STACK-DRAW @official
    Scenario: an innocent Wild Draw Four on top of a stack costs the challenger the total and two
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶8; fi-wikipedia › Muunnoksia › ¶1 item 3.a

      Given the option V-STACK-DRAW
      And a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 G1 G3 |
        | 1    | WD4 R3 Y4 |
        | 2    | G5 Y9     |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 plays WD4
      And seat 1 names green
      And seat 2 challenges
      Then seat 2 holds 12 cards
      And seat 1 holds 2 cards
      And seat 0 is to act

    @V-STACK-DRAW @official
    Scenario: an answer that is the last card wins and the next player draws the total
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶8; fi-wikipedia › Muunnoksia › ¶1 item 3.a

      Given the option V-STACK-DRAW
      And a 3-player game
      And the hands are
        | seat | cards  |
        | 0    | RD2 G1 |
        | 1    | BD2    |
        | 2    | G5 Y9  |
      And seat 1 has called UNO
      And the top card is R7
      And the draw pile starts with B3 G4 Y5 R6
      When seat 0 plays RD2
      And seat 1 plays BD2
      Then the round is won by seat 1
      And the position has /last_round/hands/2 = ["B3", "G4", "G5", "R6", "Y5", "Y9"]
      And the scores are 0 33 0

    @V-STACK-DRAW @negative @official @sv-unoregler
    Scenario: a Draw Two turned up as the starter cannot be answered
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶8; fi-wikipedia › Muunnoksia › ¶1 item 3.a

      Given the option V-STACK-DRAW is {"stackable": ["D2-on-D2", "WD4-on-WD4", "D2-on-WD4", "WD4-on-D2"]}
      And a new 3-player match
      When the dealer-selection cards are R5 G9 B2
      # checks DEALER-SELECTION
      Then seat 1 is the dealer
      # checks V-STACK-DRAW
      When the cards are dealt with the starter YD2 and the draw pile starting with R0 R1 R1 R2 R2 R3 R3 R4 R4
      Then seat 2 holds exactly R5 R6 R8 R9 RR RD2 Y1 R0 R1
      And an event cards_drawn cites FIRST-CARD-DRAW-TWO
      And the phase is turn
      And seat 0 is to act

    @AMB-37
    Scenario Outline: whether a Draw Two may be answered, profile by profile
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶8; fi-wikipedia › Muunnoksia › ¶1 item 3.a

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards     |
        | 0    | RD2 G1 G3 |
        | 1    | WD4 Y3 Y4 |
        | 2    | G5 B9     |
      And the top card is R7
      When seat 0 plays RD2
      Then the outcome is <outcome>

      @sv-unoregler @V-STACK-DRAW
      Examples:
        | profile      | outcome                                                   |
        | sv-unoregler | the phase is stack; seat 1 is to act; seat 1 may play WD4 |

      @official @NO-STACKING
      Examples:
        | profile  | outcome                                |
        | official | seat 1 holds 5 cards; seat 2 is to act |

      @fi-wikipedia @NO-STACKING
      Examples:
        | profile      | outcome                                |
        | fi-wikipedia | seat 1 holds 5 cards; seat 2 is to act |

      @id-wikipedia @NO-STACKING
      Examples:
        | profile      | outcome                                |
        | id-wikipedia | seat 1 holds 5 cards; seat 2 is to act |

    @AMB-37
    Scenario Outline: which answers each stackable setting allows
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶8; fi-wikipedia › Muunnoksia › ¶1 item 3.a

      Given the option V-STACK-DRAW is {"stackable": <stackable>}
      And a 3-player game under the <profile> profile
      And the hands are
        | seat | cards      |
        | 0    | RD2 G1 G3  |
        | 1    | BD2 WD4 Y4 |
        | 2    | G5 B9      |
      And the top card is R7
      When seat 0 plays RD2
      Then the outcome is <outcome>

      @official @V-STACK-DRAW
      Examples:
        | profile  | stackable                 | outcome                                      |
        | official | ["D2-on-D2"]              | seat 1 may play BD2; seat 1 may not play WD4 |
        | official | ["WD4-on-D2"]             | seat 1 may play WD4; seat 1 may not play BD2 |
        | official | ["D2-on-D2", "WD4-on-D2"] | seat 1 may play BD2; seat 1 may play WD4     |
        | official | ["WD4-on-WD4"]            | seat 1 holds 5 cards; seat 2 is to act       |
