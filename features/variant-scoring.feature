Feature: Variants of scoring and of the match's length
  The match may be scored the other way round (each player counts their own cards and
  reaching the limit loses), played as a single unscored round, or played to a target
  other than 500.

  Rule: V-ALT-SCORING-LOSER-500

    @V-ALT-SCORING-LOSER-500 @official
    Scenario: each player but the winner adds the points of their own hand
      Cites fi-wikipedia › Muunnoksia › ¶1 item 4

      Given the option V-ALT-SCORING-LOSER-500
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 100 50 20
      When seat 0 plays R5
      # checks ROUND-END
      Then the round is won by seat 0
      # checks V-ALT-SCORING-LOSER-500
      And the scores are 100 60 40
      And the match goes on

    @V-ALT-SCORING-LOSER-500 @official
    Scenario: once a total reaches 500 the lowest total wins the match
      Cites fi-wikipedia › Muunnoksia › ¶1 item 4

      Given the option V-ALT-SCORING-LOSER-500
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 100 495 20
      When seat 0 plays R5
      Then the scores are 100 505 40
      And the match is won by seat 2

    @V-ALT-SCORING-LOSER-500 @official
    Scenario: players tied for the lowest total share the win
      Cites fi-wikipedia › Muunnoksia › ¶1 item 4

      Given the option V-ALT-SCORING-LOSER-500
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 40 495 20
      When seat 0 plays R5
      Then the match is won by seats 0 and 2

    @V-ALT-SCORING-LOSER-500 @negative @official
    Scenario: a total just under the limit does not end the match
      Cites fi-wikipedia › Muunnoksia › ¶1 item 4

      Given the option V-ALT-SCORING-LOSER-500
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 100 489 20
      When seat 0 plays R5
      Then the scores are 100 499 40
      And the match goes on
      # checks NEW-ROUND
      And the game waits for the deal

    @V-ALT-SCORING-LOSER-500 @official
    Scenario: the limit may be set lower
      Cites fi-wikipedia › Muunnoksia › ¶1 item 4

      Given the option V-ALT-SCORING-LOSER-500 is {"limit": 100}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 10 50 90
      When seat 0 plays R5
      Then the scores are 10 60 110
      And the match is won by seat 0

    @V-ALT-SCORING-LOSER-500 @official
    Scenario: in eliminate mode a player reaching the limit leaves and the rest play on
      Cites fi-wikipedia › Muunnoksia › ¶1 item 4

      Given the option V-ALT-SCORING-LOSER-500 is {"end_mode": "eliminate"}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 100 495 20
      When seat 0 plays R5
      Then the position has /eliminated = [false, true, false]
      And the match goes on
      And the game waits for the deal

    @V-ALT-SCORING-LOSER-500 @official
    Scenario: in eliminate mode the last player left wins
      Cites fi-wikipedia › Muunnoksia › ¶1 item 4

      Given the option V-ALT-SCORING-LOSER-500 is {"end_mode": "eliminate"}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | none  |
        | 2    | YS    |
      And the position is
        """
        {"eliminated": [false, true, false], "scores": [300, 510, 490]}
        """
      And seat 0 has called UNO
      And the top card is R7
      When seat 0 plays R5
      Then the position has /eliminated = [false, true, true]
      And the match is won by seat 0

    @V-ALT-SCORING-LOSER-500 @negative @official
    Scenario: an eliminated player takes no further part
      Cites fi-wikipedia › Muunnoksia › ¶1 item 4

      Given the option V-ALT-SCORING-LOSER-500 is {"end_mode": "eliminate"}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5 G3 |
        | 1    | none  |
        | 2    | YS Y2 |
      And the position is
        """
        {"eliminated": [false, true, false], "scores": [300, 510, 490]}
        """
      And the top card is R7
      When seat 0 plays R5
      Then seat 2 is to act
      When seat 1 tries to draw
      Then the action is refused under V-ALT-SCORING-LOSER-500

    @AMB-35
    Scenario Outline: what happens when a total reaches the limit, by end_mode
      Cites fi-wikipedia › Muunnoksia › ¶1 item 4

      Given the option V-ALT-SCORING-LOSER-500 is {"end_mode": "<end_mode>"}
      And a 3-player game under the <profile> profile
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 100 495 20
      When seat 0 plays R5
      Then the outcome is <outcome>

      @official @V-ALT-SCORING-LOSER-500
      Examples:
        | profile  | end_mode    | outcome                                                                |
        | official | lowest_wins | the scores are 100 505 40; the match is won by seat 2                  |
        | official | eliminate   | the position has /eliminated = [false, true, false]; the match goes on |

  Rule: V-SINGLE-ROUND

    @V-SINGLE-ROUND @official @sv-unoregler
    Scenario: the first player out wins the match and nothing is scored
      Cites fi-wikipedia › Pelin tavoite › ¶2; sv-unoregler › Räkna poäng i UNO › ¶1; sv-unoregler › Regler – Hur man spelar UNO › ¶4 item Hur man vinner

      Given the option V-SINGLE-ROUND
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      When seat 0 plays R5
      Then the match is won by seat 0
      And the scores are 0 0 0
      And nobody may act

    @V-SINGLE-ROUND @negative @official
    Scenario: no cards are drawn for a closing Draw Two
      Cites fi-wikipedia › Pelin tavoite › ¶2; sv-unoregler › Räkna poäng i UNO › ¶1; sv-unoregler › Regler – Hur man spelar UNO › ¶4 item Hur man vinner

      Given the option V-SINGLE-ROUND
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | RD2   |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      When seat 0 plays RD2
      Then the match is won by seat 0
      And seat 1 holds 2 cards
      And the scores are 0 0 0

    @V-SINGLE-ROUND @negative @official
    Scenario: scores brought into the match are not added to
      Cites fi-wikipedia › Pelin tavoite › ¶2; sv-unoregler › Räkna poäng i UNO › ¶1; sv-unoregler › Regler – Hur man spelar UNO › ¶4 item Hur man vinner

      Given the option V-SINGLE-ROUND
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 10 480 0
      When seat 0 plays R5
      Then the match is won by seat 0
      And the scores are 10 480 0

    @V-SINGLE-ROUND @ROUND-END @sv-unoregler
    Scenario: in a single-round game the first player out wins the match
      Cites sv-unoregler › Regler – Hur man spelar UNO › ¶4 item Hur man vinner; sv-unoregler › Avsluta och lägga sista kortet › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5       |
        | 1    | B1 B2 B4 |
        | 2    | Y3 Y4 Y6 |
      And the top card is R7
      And seat 0 has called UNO
      When seat 0 plays R5
      # checks ROUND-END
      Then the round is won by seat 0
      # checks V-SINGLE-ROUND
      And the match is won by seat 0
      And nobody may act

  Rule: V-EXT-TARGET-SCORE

    @V-EXT-TARGET-SCORE @official
    Scenario: the match ends when a total passes the agreed target
      Policy: no source settles this; EXT-MATTEL only

      Given the option V-EXT-TARGET-SCORE is {"target": 200}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 180 0 0
      When seat 0 plays R5
      # checks SCORE-WINNER-TAKES
      Then the scores are 210 0 0
      # checks V-EXT-TARGET-SCORE
      And the match is won by seat 0

    @V-EXT-TARGET-SCORE @negative @official
    Scenario: a total under the agreed target does not end the match
      Policy: no source settles this; EXT-MATTEL only

      Given the option V-EXT-TARGET-SCORE is {"target": 200}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 150 0 0
      When seat 0 plays R5
      # checks SCORE-WINNER-TAKES
      Then the scores are 180 0 0
      # checks V-EXT-TARGET-SCORE
      And the match goes on

    @V-EXT-TARGET-SCORE @official
    Scenario: reaching the target exactly wins the match
      Policy: no source settles this; EXT-MATTEL only

      Given the option V-EXT-TARGET-SCORE is {"target": 200}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 170 0 0
      When seat 0 plays R5
      # checks SCORE-WINNER-TAKES
      Then the scores are 200 0 0
      # checks V-EXT-TARGET-SCORE
      And the match is won by seat 0

    @V-EXT-TARGET-SCORE @negative @official
    Scenario: a higher target lets the match go on past 500
      Policy: no source settles this; EXT-MATTEL only

      Given the option V-EXT-TARGET-SCORE is {"target": 1000}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 490 0 0
      When seat 0 plays R5
      # checks SCORE-WINNER-TAKES
      Then the scores are 520 0 0
      # checks V-EXT-TARGET-SCORE
      And the match goes on

    @V-EXT-TARGET-SCORE @negative @official
    Scenario: the target does not change the losing limit of the alternative scoring
      Policy: no source settles this; EXT-MATTEL only

      Given the option V-EXT-TARGET-SCORE is {"target": 100}
      And the option V-ALT-SCORING-LOSER-500
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | YS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 0 100 100
      When seat 0 plays R5
      # checks V-ALT-SCORING-LOSER-500
      Then the scores are 0 110 120
      # checks V-EXT-TARGET-SCORE
      And the match goes on
