Feature: Team play
  Under V-TEAM an even number of players, at least four, play in pairs sitting opposite
  each other; whoever goes out wins the round for the pair. V-EXT-PARTNER-ROTATION has
  four players change partners every four rounds over a twelve-round match.

  Rule: V-TEAM

    @V-TEAM @official
    Scenario: a player going out wins the round for the pair, which scores the opponents' hands
      Cites id-wikipedia › Aturan resmi › ¶11; fi-wikipedia › Muunnoksia › ¶1 item 5

      Given the option V-TEAM
      And a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | Y3 Y4 |
        | 3    | GS    |
      And seat 0 has called UNO
      And the top card is R7
      When seat 0 plays R5
      # checks ROUND-END
      Then the round is won by seat 0
      # checks V-TEAM
      And the scores are 30 0 30 0
      And the match goes on

    @V-TEAM @official
    Scenario: turns stay individual and pass to the next seat, not to the partner
      Cites id-wikipedia › Aturan resmi › ¶11; fi-wikipedia › Muunnoksia › ¶1 item 5

      Given the option V-TEAM
      And a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5 G2 |
        | 1    | B9 G1 |
        | 2    | Y3 Y4 |
        | 3    | GS B2 |
      And the top card is R7
      When seat 0 plays R5
      Then seat 1 is to act
      And seat 0 must call UNO

    @V-TEAM @official
    Scenario: a pair reaching 500 together wins the match
      Cites id-wikipedia › Aturan resmi › ¶11; fi-wikipedia › Muunnoksia › ¶1 item 5

      Given the option V-TEAM
      And a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | Y3 Y4 |
        | 3    | GS    |
      And seat 0 has called UNO
      And the top card is R7
      And the scores are 480 200 480 200
      When seat 0 plays R5
      Then the scores are 510 200 510 200
      And the match is won by seats 0 and 2

    @V-TEAM @negative @official
    Scenario: partners may not exchange cards
      Cites id-wikipedia › Aturan resmi › ¶11; fi-wikipedia › Muunnoksia › ¶1 item 5

      Given the option V-TEAM
      And a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5 G2 |
        | 1    | B9 G1 |
        | 2    | Y3 Y4 |
        | 3    | GS B2 |
      And the top card is R7
      When seat 0 tries to swap hands with seat 2
      Then the action is refused under NO-CARD-EXCHANGE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-TEAM @official
    Scenario: in a single round the going-out player's pair wins the match
      Cites id-wikipedia › Aturan resmi › ¶11; fi-wikipedia › Muunnoksia › ¶1 item 5

      Given the option V-TEAM
      And the option V-SINGLE-ROUND
      And a 4-player game
      And the hands are
        | seat | cards |
        | 0    | B9 G1 |
        | 1    | R5    |
        | 2    | Y3 Y4 |
        | 3    | GS    |
      And seat 1 has called UNO
      And seat 1 is to act
      And the top card is R7
      When seat 1 plays R5
      Then the match is won by seats 1 and 3

    @V-TEAM @official
    Scenario: under the alternative scoring each member of the other pair adds both their hands
      Cites id-wikipedia › Aturan resmi › ¶11; fi-wikipedia › Muunnoksia › ¶1 item 5

      Given the option V-TEAM
      And the option V-ALT-SCORING-LOSER-500
      And a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | Y3 Y4 |
        | 3    | GS    |
      And seat 0 has called UNO
      And the top card is R7
      When seat 0 plays R5
      Then the scores are 0 30 0 30
      And the match goes on

    @V-TEAM @official
    Scenario: with six players partners sit three seats apart
      Cites id-wikipedia › Aturan resmi › ¶11; fi-wikipedia › Muunnoksia › ¶1 item 5

      Given the option V-TEAM
      And a 6-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9    |
        | 2    | G2    |
        | 3    | Y3 Y4 |
        | 4    | G4    |
        | 5    | B1    |
      And seat 0 has called UNO
      And the top card is R7
      When seat 0 plays R5
      Then the scores are 16 0 0 16 0 0

    @AMB-32
    Scenario Outline: how a round is scored with team play off and on
      Cites id-wikipedia › Aturan resmi › ¶11; fi-wikipedia › Muunnoksia › ¶1 item 5

      Given the option V-TEAM is <teams>
      And a 4-player game under the <profile> profile
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | Y3 Y4 |
        | 3    | GS    |
      And seat 0 has called UNO
      And the top card is R7
      When seat 0 plays R5
      Then the outcome is <outcome>

      @official @V-TEAM
      Examples:
        | profile  | teams | outcome                  |
        | official | true  | the scores are 30 0 30 0 |

      @official @SCORE-WINNER-TAKES
      Examples:
        | profile  | teams | outcome                 |
        | official | false | the scores are 37 0 0 0 |

      @fi-wikipedia @SCORE-WINNER-TAKES
      Examples:
        | profile      | teams | outcome                 |
        | fi-wikipedia | false | the scores are 37 0 0 0 |

      @id-wikipedia @SCORE-WINNER-TAKES
      Examples:
        | profile      | teams | outcome                 |
        | id-wikipedia | false | the scores are 37 0 0 0 |

  Rule: V-EXT-PARTNER-ROTATION

    @V-EXT-PARTNER-ROTATION @official
    Scenario: in rounds one to four opposite seats are partners
      Policy: no source settles this; EXT-MATTEL only

      Given the option V-TEAM
      And the option V-EXT-PARTNER-ROTATION
      And a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | Y3 Y4 |
        | 3    | GS    |
      And seat 0 has called UNO
      And the top card is R7
      And this is round 4
      When seat 0 plays R5
      Then the scores are 30 0 30 0
      And the game waits for the deal

    @V-EXT-PARTNER-ROTATION @official
    Scenario: in rounds five to eight neighbours 0 and 1 are partners
      Policy: no source settles this; EXT-MATTEL only

      Given the option V-TEAM
      And the option V-EXT-PARTNER-ROTATION
      And a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | Y3 Y4 |
        | 3    | GS    |
      And seat 0 has called UNO
      And the top card is R7
      And this is round 5
      When seat 0 plays R5
      Then the scores are 27 27 0 0

    @V-EXT-PARTNER-ROTATION @official
    Scenario: in rounds nine to twelve seats 0 and 3 are partners
      Policy: no source settles this; EXT-MATTEL only

      Given the option V-TEAM
      And the option V-EXT-PARTNER-ROTATION
      And a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | Y3 Y4 |
        | 3    | GS    |
      And seat 0 has called UNO
      And the top card is R7
      And this is round 9
      When seat 0 plays R5
      Then the scores are 17 0 0 17

    @V-EXT-PARTNER-ROTATION @official
    Scenario: after round twelve the highest individual total wins
      Policy: no source settles this; EXT-MATTEL only

      Given the option V-TEAM
      And the option V-EXT-PARTNER-ROTATION
      And a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | Y3 Y4 |
        | 3    | GS    |
      And seat 0 has called UNO
      And the top card is R7
      And this is round 12
      And the scores are 100 150 120 140
      When seat 0 plays R5
      Then the scores are 117 150 120 157
      And the match is won by seat 3

    @V-EXT-PARTNER-ROTATION @P-STALEMATE @official
    Scenario: a void twelfth round is followed by a thirteenth, not by the end of the match
      Policy: no source settles this; engine choice: a void round counts in the round number, but only a scored round can end the match

      Given the option V-TEAM
      And the option V-EXT-PARTNER-ROTATION
      And a 4-player game
      And the hands are
        | seat | cards |
        | 0    | G9    |
        | 1    | B1    |
        | 2    | Y1    |
        | 3    | B2    |
      And the top card is R7
      And both piles are used up
      And this is round 12
      And the scores are 100 150 120 140
      When seat 0 draws
      And seat 1 draws
      And seat 2 draws
      And seat 3 draws
      Then an event stalemate cites P-STALEMATE
      And the scores are 100 150 120 140
      And the position has /round = 13
      And the game waits for the deal

    @V-EXT-PARTNER-ROTATION @official
    Scenario: a tie for the highest total after round twelve is a shared win
      Policy: no source settles this; EXT-MATTEL only

      Given the option V-TEAM
      And the option V-EXT-PARTNER-ROTATION
      And a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | Y3 Y4 |
        | 3    | GS    |
      And seat 0 has called UNO
      And the top card is R7
      And this is round 12
      And the scores are 100 157 120 140
      When seat 0 plays R5
      Then the match is won by seats 1 and 3

    @V-EXT-PARTNER-ROTATION @negative @official
    Scenario: passing 500 before round twelve does not end the match
      Policy: no source settles this; EXT-MATTEL only

      Given the option V-TEAM
      And the option V-EXT-PARTNER-ROTATION
      And a 4-player game
      And the hands are
        | seat | cards |
        | 0    | R5    |
        | 1    | B9 G1 |
        | 2    | Y3 Y4 |
        | 3    | GS    |
      And seat 0 has called UNO
      And the top card is R7
      And this is round 3
      And the scores are 490 0 490 0
      When seat 0 plays R5
      Then the scores are 520 0 520 0
      And the match goes on
      And the game waits for the deal
