Feature: The end of a round and its score
  A round ends as soon as a player has no card left; that player wins it and scores
  the cards still held by everyone else. A closing Draw Two or Wild Draw Four is drawn
  by the next player before the points are counted.

  Rule: ROUND-END

    @ROUND-END @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: laying the last card wins the round
      Cites fi-wikipedia › Pelin tavoite › ¶1; sv-unoregler › Regler – Hur man spelar UNO › ¶4 item Hur man vinner; sv-unoregler › Avsluta och lägga sista kortet › ¶1; id-wikipedia › Aturan resmi › ¶12

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5       |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And seat 0 has called UNO
      When seat 0 plays R5
      Then an event round_won cites ROUND-END
      And the round is won by seat 0
      And the position has /last_round/winner = 0

    @ROUND-END @official @fi-wikipedia @id-wikipedia
    Scenario: a final Reverse has no further effect
      Cites fi-wikipedia › Pelin tavoite › ¶1; id-wikipedia › Aturan resmi › ¶12

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | RR    |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And seat 0 has called UNO
      And the draw pile starts with G5 G6
      When seat 0 plays RR
      Then the round is won by seat 0
      And the position has /last_round/hands/1 = ["B1", "B2"]
      And the position has /last_round/hands/2 = ["Y3", "Y4"]
      # checks SCORE-WINNER-TAKES
      And the scores are 10 0 0
      # checks NEW-ROUND
      And the game waits for the deal

    @ROUND-END @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the round goes on while a card is left
      Cites fi-wikipedia › Pelin tavoite › ¶1; sv-unoregler › Regler – Hur man spelar UNO › ¶4 item Hur man vinner; sv-unoregler › Avsluta och lägga sista kortet › ¶1; id-wikipedia › Aturan resmi › ¶12

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      When seat 0 plays R5
      Then the round goes on
      And seat 1 is to act

    @ROUND-END @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: no missed call can be caught once the round is over
      Cites fi-wikipedia › Pelin tavoite › ¶1; sv-unoregler › Regler – Hur man spelar UNO › ¶4 item Hur man vinner; sv-unoregler › Avsluta och lägga sista kortet › ¶1; id-wikipedia › Aturan resmi › ¶12

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5       |
        | 1    | B1       |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And seat 0 has called UNO
      And seat 1 has not called UNO
      When seat 0 plays R5
      Then the round is won by seat 0
      And seat 1 cannot be caught
      And seat 2 may not catch seat 1
      When seat 2 tries to catch seat 1
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

  Rule: GO-OUT-ANY-CARD

    @GO-OUT-ANY-CARD @official @fi-wikipedia @id-wikipedia
    Scenario: a Wild may be the last card
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Aturan resmi › ¶13

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | W     |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And seat 0 has called UNO
      When seat 0 plays W
      Then the round is won by seat 0
      # checks SCORE-WINNER-TAKES
      And the scores are 10 0 0
      # checks NEW-ROUND
      And the game waits for the deal

    @GO-OUT-ANY-CARD @official @fi-wikipedia @id-wikipedia
    Scenario: a Skip may be the last card
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Aturan resmi › ¶13

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | GS    |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is G7
      And seat 0 has called UNO
      When seat 0 plays GS
      Then the round is won by seat 0
      # checks SCORE-WINNER-TAKES
      And the scores are 10 0 0

    @GO-OUT-ANY-CARD @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the last card must still fit the pile
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Aturan resmi › ¶13

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | G9       |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And seat 0 has called UNO
      Then seat 0 may not play G9
      And seat 0 may draw
      When seat 0 tries to play G9
      Then the action is refused under PLAY-MATCH
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @AMB-01
    Scenario Outline: finishing on an action card
      Cites fi-wikipedia › Rangaistukset › ¶2; sv-unoregler › Avsluta och lägga sista kortet › ¶1; sv-unoregler › Vanliga frågor om regler i UNO › ¶4; id-wikipedia › Aturan resmi › ¶13

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards    |
        | 0    | RS       |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And seat 0 has called UNO
      When seat 0 tries to play RS
      Then the outcome is <outcome>

      @official @GO-OUT-ANY-CARD
      Examples:
        | profile  | outcome                    |
        | official | the round is won by seat 0 |

      @fi-wikipedia @GO-OUT-ANY-CARD
      Examples:
        | profile      | outcome                    |
        | fi-wikipedia | the round is won by seat 0 |

      @id-wikipedia @GO-OUT-ANY-CARD
      Examples:
        | profile      | outcome                    |
        | id-wikipedia | the round is won by seat 0 |

      @sv-unoregler @V-NO-ACTION-FINISH
      Examples:
        | profile      | outcome                          |
        | sv-unoregler | refused under V-NO-ACTION-FINISH |

  Rule: LAST-CARD-DRAW

    @LAST-CARD-DRAW @official @fi-wikipedia @id-wikipedia
    Scenario: the next player draws for a final Draw Two before the score
      Cites id-wikipedia › Aturan resmi › ¶13

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | RD2   |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And seat 0 has called UNO
      And the draw pile starts with G5 G6
      When seat 0 plays RD2
      # checks ROUND-END
      Then the round is won by seat 0
      # checks LAST-CARD-DRAW
      And an event cards_drawn cites LAST-CARD-DRAW
      And the position has /last_round/hands/1 = ["B1", "B2", "G5", "G6"]
      And the scores are 21 0 0

    @LAST-CARD-DRAW @official @fi-wikipedia @id-wikipedia
    Scenario: the next player draws four for a final Wild Draw Four
      Cites id-wikipedia › Aturan resmi › ¶13

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | WD4   |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And seat 0 has called UNO
      And the draw pile starts with G1 G2 G3 G4
      When seat 0 plays WD4
      # checks ROUND-END
      Then the round is won by seat 0
      # checks LAST-CARD-DRAW
      And the position has /last_round/hands/1 = ["B1", "B2", "G1", "G2", "G3", "G4"]
      And the scores are 20 0 0

    @LAST-CARD-DRAW @official @fi-wikipedia @id-wikipedia
    Scenario: the victim of a final Draw Two is the next seat in the direction of play
      Cites id-wikipedia › Aturan resmi › ¶13

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | RD2   |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And play runs counter-clockwise
      And seat 0 has called UNO
      And the draw pile starts with G5 G6
      When seat 0 plays RD2
      # checks ROUND-END
      Then the round is won by seat 0
      # checks LAST-CARD-DRAW
      And the position has /last_round/hands/1 = ["B1", "B2"]
      And the position has /last_round/hands/2 = ["G5", "G6", "Y3", "Y4"]
      And the scores are 21 0 0

    @LAST-CARD-DRAW @official @fi-wikipedia @id-wikipedia
    Scenario: with two players the opponent draws for a final Draw Two
      Cites id-wikipedia › Aturan resmi › ¶13

      Given a 2-player game
      And the hands are
        | seat | cards |
        | 0    | RD2   |
        | 1    | B1 B2 |
      And the top card is R7
      And seat 0 has called UNO
      And the draw pile starts with G5 G6
      When seat 0 plays RD2
      # checks ROUND-END
      Then the round is won by seat 0
      # checks LAST-CARD-DRAW
      And the position has /last_round/hands/1 = ["B1", "B2", "G5", "G6"]
      And the scores are 14 0

    @LAST-CARD-DRAW @RESHUFFLE @official @fi-wikipedia @id-wikipedia
    Scenario: a final Draw Two waits for a reshuffle before the score
      Cites id-wikipedia › Aturan resmi › ¶13

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | RD2   |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And seat 0 has called UNO
      And the draw pile holds only G5
      When seat 0 plays RD2
      # checks ROUND-END
      Then the round is won by seat 0
      # checks RESHUFFLE
      And the game waits for a reshuffle
      # checks LAST-CARD-DRAW
      And the scores are 0 0 0
      When the discards are reshuffled with G6 on top
      Then the position has /last_round/hands/1 = ["B1", "B2", "G5", "G6"]
      And the scores are 21 0 0

    @LAST-CARD-DRAW @negative @official @fi-wikipedia @id-wikipedia
    Scenario: a final Skip makes nobody draw
      Cites id-wikipedia › Aturan resmi › ¶13

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | RS    |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And seat 0 has called UNO
      And the draw pile starts with G5 G6
      When seat 0 plays RS
      # checks ROUND-END
      Then the round is won by seat 0
      # checks LAST-CARD-DRAW
      And the position has /last_round/hands/1 = ["B1", "B2"]
      And the scores are 10 0 0

    @AMB-24
    Scenario Outline: finishing on a Wild Draw Four
      Cites sv-unoregler › Avsluta och lägga sista kortet › ¶1; id-wikipedia › Aturan resmi › ¶13

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards |
        | 0    | WD4   |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And seat 0 has called UNO
      And the draw pile starts with G1 G2 G3 G4
      When seat 0 tries to play WD4
      Then the outcome is <outcome>

      @official @LAST-CARD-DRAW
      Examples:
        | profile  | outcome                                                                     |
        | official | the round is won by seat 0; the scores are 20 0 0; seat 1 may not challenge |

      @fi-wikipedia @LAST-CARD-DRAW
      Examples:
        | profile      | outcome                                                                     |
        | fi-wikipedia | the round is won by seat 0; the scores are 20 0 0; seat 1 may not challenge |

      @id-wikipedia @LAST-CARD-DRAW
      Examples:
        | profile      | outcome                                                                     |
        | id-wikipedia | the round is won by seat 0; the scores are 20 0 0; seat 1 may not challenge |

      @sv-unoregler @V-NO-ACTION-FINISH
      Examples:
        | profile      | outcome                          |
        | sv-unoregler | refused under V-NO-ACTION-FINISH |

  Rule: SCORE-WINNER-TAKES

    @SCORE-WINNER-TAKES @official @fi-wikipedia @id-wikipedia
    Scenario: the winner scores every card left in the other hands
      Cites fi-wikipedia › Pelin tavoite › ¶1; fi-wikipedia › Pisteytys › ¶1; sv-unoregler › Räkna poäng i UNO › ¶1; id-wikipedia › Aturan resmi › ¶12

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | R1 GS |
        | 2    | W B9  |
      And the top card is R7
      And seat 0 has called UNO
      And the scores are 100 50 20
      When seat 0 plays R5
      Then an event points_scored cites SCORE-WINNER-TAKES
      And the position has /last_round/points = 80
      And the scores are 180 50 20
      # checks MATCH-TARGET-500
      And the match goes on

    @SCORE-WINNER-TAKES @negative @official @fi-wikipedia @id-wikipedia
    Scenario: the players still holding cards score nothing
      Cites fi-wikipedia › Pelin tavoite › ¶1; fi-wikipedia › Pisteytys › ¶1; sv-unoregler › Räkna poäng i UNO › ¶1; id-wikipedia › Aturan resmi › ¶12

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G9    |
        | 1    | R1       |
        | 2    | W WD4 B9 |
      And the top card is R7
      And seat 1 is to act
      And seat 1 has called UNO
      And the scores are 100 50 20
      When seat 1 plays R1
      # checks ROUND-END
      Then the round is won by seat 1
      # checks SCORE-WINNER-TAKES
      And the scores are 100 173 20

  Rule: SCORE-VALUES

    @SCORE-VALUES @official @fi-wikipedia @id-wikipedia
    Scenario: numbers score their face, action cards 20 and wild cards 50
      Cites fi-wikipedia › Pisteytys › ¶2; sv-unoregler › Räkna poäng i UNO › ¶2; id-wikipedia › Aturan resmi › ¶12

      Given a 3-player game
      And the hands are
        | seat | cards             |
        | 0    | R5                |
        | 1    | R0 Y9 BS GR YD2   |
        | 2    | W WD4 G3          |
      And the top card is R7
      And seat 0 has called UNO
      When seat 0 plays R5
      # checks ROUND-END
      Then the round is won by seat 0
      # checks SCORE-VALUES
      And the scores are 172 0 0

    @SCORE-VALUES @negative @official @fi-wikipedia @id-wikipedia
    Scenario: zeros are worth nothing
      Cites fi-wikipedia › Pisteytys › ¶2; sv-unoregler › Räkna poäng i UNO › ¶2; id-wikipedia › Aturan resmi › ¶12

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | R0 G0 |
        | 2    | B0    |
      And the top card is R7
      And seat 0 has called UNO
      When seat 0 plays R5
      # checks ROUND-END
      Then the round is won by seat 0
      # checks SCORE-VALUES
      And the position has /last_round/points = 0
      And the scores are 0 0 0

  Rule: P-LAST-WD4-NO-CHALLENGE

    @P-LAST-WD4-NO-CHALLENGE @LAST-CARD-DRAW @official @fi-wikipedia @id-wikipedia
    Scenario: the victim of a final Wild Draw Four gets no challenge
      Policy: no source settles this; a challenge against a last-card Wild Draw Four could only fail, so none is offered.

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | WD4   |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And seat 0 has called UNO
      And the draw pile starts with G1 G2 G3 G4
      When seat 0 plays WD4
      # checks ROUND-END
      Then the round is won by seat 0
      # checks P-LAST-WD4-NO-CHALLENGE
      And seat 1 may not challenge
      And an event cards_drawn cites LAST-CARD-DRAW
      # checks LAST-CARD-DRAW
      And the scores are 20 0 0
      # checks NEW-ROUND
      And the game waits for the deal

    @P-LAST-WD4-NO-CHALLENGE @official
    Scenario: with allow_futile_challenge the challenge is offered and fails
      Policy: no source settles this; the option lets the victim challenge a last-card Wild Draw Four, which always fails.

      Given the option P-LAST-WD4-NO-CHALLENGE.allow_futile_challenge is true
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | WD4   |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And seat 0 has called UNO
      And the draw pile starts with G1 G2 G3 G4 G5 G6
      When seat 0 plays WD4
      # checks ROUND-END
      Then the round is won by seat 0
      # checks P-LAST-WD4-NO-CHALLENGE
      And the phase is challenge
      And the legal actions of seat 1 are
        | action     |
        | challenges |
        | accepts    |
      When seat 1 challenges
      Then the position has /last_round/hands/1 = ["B1", "B2", "G1", "G2", "G3", "G4", "G5", "G6"]
      And the scores are 31 0 0

    @P-LAST-WD4-NO-CHALLENGE @official
    Scenario: with allow_futile_challenge the victim may still just draw four
      Policy: no source settles this; accepting the last-card Wild Draw Four costs the usual four cards.

      Given the option P-LAST-WD4-NO-CHALLENGE.allow_futile_challenge is true
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | WD4   |
        | 1    | B1 B2 |
        | 2    | Y3 Y4 |
      And the top card is R7
      And seat 0 has called UNO
      And the draw pile starts with G1 G2 G3 G4 G5 G6
      When seat 0 plays WD4
      And seat 1 accepts
      Then the position has /last_round/hands/1 = ["B1", "B2", "G1", "G2", "G3", "G4"]
      And the scores are 20 0 0
