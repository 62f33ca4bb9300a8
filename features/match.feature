Feature: The match to 500 points
  Round scores add up over a match. The round that takes a player's total to 500 or
  more ends the match, and that player wins it; otherwise the cards are gathered and
  the next dealer deals a new round. Under the sv-unoregler profile a game is a single
  round (V-SINGLE-ROUND).

  In these scenarios seat 0 holds one card, has called UNO, and goes out by playing it.

  Rule: MATCH-TARGET-500

    @MATCH-TARGET-500 @official @fi-wikipedia @id-wikipedia
    Scenario: passing 500 wins the match
      Cites fi-wikipedia › Pelin tavoite › ¶1; fi-wikipedia › Pisteytys › ¶2; id-wikipedia › Aturan resmi › ¶1; id-wikipedia › Aturan resmi › ¶14

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | GS B9 |
        | 2    | Y3    |
      And the top card is R7
      And seat 0 has called UNO
      And the scores are 480 10 0
      When seat 0 plays R5
      # checks ROUND-END
      Then the round is won by seat 0
      # checks SCORE-WINNER-TAKES
      And the scores are 512 10 0
      # checks MATCH-TARGET-500
      And the match is won by seat 0

    @MATCH-TARGET-500 @official @fi-wikipedia @id-wikipedia
    Scenario: exactly 500 is enough
      Cites fi-wikipedia › Pelin tavoite › ¶1; sv-unoregler › Räkna poäng i UNO › ¶2; id-wikipedia › Aturan resmi › ¶14

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | GS    |
        | 2    | Y0    |
      And the top card is R7
      And seat 0 has called UNO
      And the scores are 480 10 0
      When seat 0 plays R5
      # checks SCORE-WINNER-TAKES
      Then the scores are 500 10 0
      # checks MATCH-TARGET-500
      And the match is won by seat 0

    @MATCH-TARGET-500 @official @fi-wikipedia @id-wikipedia
    Scenario: a player other than the leader can win the match
      Cites fi-wikipedia › Pelin tavoite › ¶1; id-wikipedia › Aturan resmi › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | W     |
        | 2    | WD4   |
      And the top card is R7
      And seat 0 has called UNO
      And the scores are 420 490 0
      When seat 0 plays R5
      # checks SCORE-WINNER-TAKES
      Then the scores are 520 490 0
      # checks MATCH-TARGET-500
      And the match is won by seat 0

    @MATCH-TARGET-500 @negative @official @fi-wikipedia @id-wikipedia
    Scenario: a total below 500 does not end the match
      Cites fi-wikipedia › Pelin tavoite › ¶1; fi-wikipedia › Pisteytys › ¶2; id-wikipedia › Aturan resmi › ¶14

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 Y9 |
        | 2    | Y1    |
      And the top card is R7
      And seat 0 has called UNO
      And the scores are 480 10 0
      When seat 0 plays R5
      # checks SCORE-WINNER-TAKES
      Then the scores are 499 10 0
      # checks MATCH-TARGET-500
      And the match goes on
      # checks NEW-ROUND
      And the game waits for the deal

    @MATCH-TARGET-500 @negative @official @fi-wikipedia @id-wikipedia
    Scenario: nobody may act once the match is won
      Cites fi-wikipedia › Pelin tavoite › ¶1; id-wikipedia › Aturan resmi › ¶14

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | GS B9 |
        | 2    | Y3    |
      And the top card is R7
      And seat 0 has called UNO
      And the scores are 480 10 0
      When seat 0 plays R5
      Then nobody may act
      When seat 1 tries to draw
      Then the action is refused under MATCH-TARGET-500

    @AMB-27
    Scenario Outline: a match to 500 or a single round
      Cites fi-wikipedia › Pelin tavoite › ¶1; fi-wikipedia › Pisteytys › ¶2; sv-unoregler › Regler – Hur man spelar UNO › ¶4; sv-unoregler › Räkna poäng i UNO › ¶1; sv-unoregler › Räkna poäng i UNO › ¶2; id-wikipedia › Aturan resmi › ¶1; id-wikipedia › Aturan resmi › ¶14

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | GS B9 |
        | 2    | Y3    |
      And the top card is R7
      And seat 0 has called UNO
      And the scores are <before>
      When seat 0 plays R5
      Then the round is won by seat 0
      And the outcome is <outcome>

      @official @MATCH-TARGET-500
      Examples:
        | profile  | before | outcome                                                               |
        | official | 0 0 0  | the scores are 32 0 0; the match goes on; the game waits for the deal |

      @fi-wikipedia @MATCH-TARGET-500
      Examples:
        | profile      | before | outcome                                  |
        | fi-wikipedia | 0 0 0  | the scores are 32 0 0; the match goes on |

      @id-wikipedia @MATCH-TARGET-500
      Examples:
        | profile      | before  | outcome                                            |
        | id-wikipedia | 470 0 0 | the scores are 502 0 0; the match is won by seat 0 |

      @sv-unoregler @V-SINGLE-ROUND
      Examples:
        | profile      | before | outcome                                          |
        | sv-unoregler | 0 0 0  | the match is won by seat 0; the scores are 0 0 0 |

  Rule: NEW-ROUND

    @NEW-ROUND @official @fi-wikipedia @id-wikipedia
    Scenario: the cards are gathered for a new round
      Cites fi-wikipedia › Pisteytys › ¶2; id-wikipedia › Aturan resmi › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | GS B9 |
        | 2    | Y3    |
      And the top card is R7
      And seat 0 has called UNO
      When seat 0 plays R5
      Then the game waits for the deal
      And the draw pile holds 108 cards
      And the discard pile holds 0 cards
      And seat 0 holds 0 cards
      And seat 1 holds 0 cards
      And the position has /round = 2

    @NEW-ROUND @DEAL-SEVEN @official @fi-wikipedia @id-wikipedia
    Scenario: the next round is dealt afresh and the scores carry over
      Cites fi-wikipedia › Pisteytys › ¶2; id-wikipedia › Aturan resmi › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | GS B9 |
        | 2    | Y3    |
      And the top card is R7
      And seat 0 has called UNO
      And the scores are 100 40 0
      When seat 0 plays R5
      And the cards are dealt with the starter G6
      # checks DEAL-SEVEN
      Then seat 0 holds 7 cards
      And seat 1 holds 7 cards
      And seat 2 holds 7 cards
      # checks NEW-ROUND
      And the top card is G6
      # checks MATCH-TARGET-500
      And the scores are 132 40 0
      # checks P-NEXT-DEALER
      And seat 1 is to act

    @NEW-ROUND @negative @official @fi-wikipedia @id-wikipedia
    Scenario: later rounds have no dealer draw
      Cites fi-wikipedia › Pisteytys › ¶2; id-wikipedia › Aturan resmi › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | GS B9 |
        | 2    | Y3    |
      And the top card is R7
      And seat 0 has called UNO
      When seat 0 plays R5
      Then the game waits for the deal
      And the position has /chance/type = "deal"
      When the dealer-selection cards are R5 G9 B2
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @NEW-ROUND @negative @official @fi-wikipedia @id-wikipedia
    Scenario: no new round follows the winning round
      Cites fi-wikipedia › Pisteytys › ¶2; id-wikipedia › Aturan resmi › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | GS B9 |
        | 2    | Y3    |
      And the top card is R7
      And seat 0 has called UNO
      And the scores are 490 0 0
      When seat 0 plays R5
      Then the phase is over
      And the position has /chance = null
      And the position has /round = 1

  Rule: P-NEXT-DEALER

    @P-NEXT-DEALER @official @fi-wikipedia @id-wikipedia
    Scenario: the deal passes one seat clockwise
      Policy: no source settles this; by default the deal moves to the previous dealer's left.

      Given a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | GS B9 |
        | 2    | Y3    |
        | 3    | B1    |
      And the top card is R7
      And seat 1 is the dealer
      And seat 0 has called UNO
      When seat 0 plays R5
      Then seat 2 is the dealer
      # checks P-DEAL-ORDER
      And the position has /chance/seats = [3, 0, 1, 2]
      When the cards are dealt with the starter G6
      # checks FIRST-PLAYER
      Then seat 3 is to act

    @P-NEXT-DEALER @official
    Scenario: the winner of the round deals under the winner setting
      Policy: no source settles this; with next_dealer = previous_round_winner the round's winner deals.

      Given the option P-NEXT-DEALER.next_dealer is "previous_round_winner"
      And a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | GS B9 |
        | 2    | Y3    |
        | 3    | B1    |
      And the top card is R7
      And seat 1 is the dealer
      And seat 0 has called UNO
      When seat 0 plays R5
      Then seat 0 is the dealer
      When the cards are dealt with the starter G6
      # checks FIRST-PLAYER
      Then seat 1 is to act

    @P-NEXT-DEALER @P-STALEMATE @negative @official @fi-wikipedia @id-wikipedia
    Scenario: after a void round the same dealer deals again
      Policy: no source settles this; a round that ends with no winner leaves the deal where it was.

      Given a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9    |
        | 1    | B1    |
        | 2    | Y3    |
      And the top card is R7
      And seat 2 is the dealer
      And both piles are used up
      And the position is
        """
        {"idle_turns": 2}
        """
      When seat 0 draws
      Then an event stalemate cites P-STALEMATE
      And seat 2 is the dealer
      And the game waits for the deal

    @AMB-16
    Scenario Outline: who deals the next round
      Policy: no source settles this; the documents never say who deals after the first round.

      Given a 4-player game under the <profile> profile
      And the option P-NEXT-DEALER.next_dealer is "<next dealer>"
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | GS B9 |
        | 2    | Y3    |
        | 3    | B1    |
      And the top card is R7
      And seat 1 is the dealer
      And seat 0 has called UNO
      When seat 0 plays R5
      Then the outcome is <outcome>

      @official @P-NEXT-DEALER
      Examples:
        | profile  | next dealer           | outcome                                                             |
        | official | left_of_previous      | seat 2 is the dealer; the game waits for the deal                   |
        | official | previous_round_winner | seat 0 is the dealer; the position has /chance/seats = [1, 2, 3, 0] |

      @fi-wikipedia @P-NEXT-DEALER
      Examples:
        | profile      | next dealer      | outcome              |
        | fi-wikipedia | left_of_previous | seat 2 is the dealer |

      @id-wikipedia @P-NEXT-DEALER
      Examples:
        | profile      | next dealer      | outcome              |
        | id-wikipedia | left_of_previous | seat 2 is the dealer |
