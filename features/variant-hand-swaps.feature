Feature: Hand swaps on sevens and zeros (0-7)
  Under the 0-7 variant a player who lays a 7 trades their whole hand with another
  player of their choice, and a 0 moves every hand one seat on in the direction of play.
  Without the variant, cards never change hands.

  Rule: V-SEVEN-ZERO

    @V-SEVEN-ZERO @official
    Scenario: a seven makes its player trade hands with a chosen player
      Cites fi-wikipedia › Muunnoksia › ¶1 item 7

      Given a 4-player game
      And the option V-SEVEN-ZERO
      And the hands are
        | seat | cards       |
        | 0    | R7 G1 G2    |
        | 1    | B1 B2 B3    |
        | 2    | Y1 Y2 Y3 Y4 |
        | 3    | G5 G6       |
      And the top card is R3
      When seat 0 plays R7
      Then the phase is swap
      And seat 0 is to act
      And the legal actions of seat 0 are
        | action               |
        | swaps hands with seat 1 |
        | swaps hands with seat 2 |
        | swaps hands with seat 3 |
      When seat 0 swaps hands with seat 2
      Then seat 0 holds exactly Y1 Y2 Y3 Y4
      And seat 2 holds exactly G1 G2
      And seat 1 holds exactly B1 B2 B3
      And the top card is R7
      And seat 1 is to act
      And an event hands_swapped cites V-SEVEN-ZERO

    @V-SEVEN-ZERO @negative @official
    Scenario: the player of a seven cannot move on without trading hands
      Cites fi-wikipedia › Muunnoksia › ¶1 item 7

      Given a 4-player game
      And the option V-SEVEN-ZERO
      And the hands are
        | seat | cards       |
        | 0    | R7 G1 G2    |
        | 1    | B1 B2 B3    |
        | 2    | Y1 Y2 Y3 Y4 |
        | 3    | G5 G6       |
      And the top card is R3
      When seat 0 plays R7
      And seat 0 tries to draw
      Then the action is refused under V-SEVEN-ZERO
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks V-SEVEN-ZERO
      When seat 0 tries to swap hands with seat 0
      Then the action is refused under V-SEVEN-ZERO
      And seat 0 may not draw
      And seat 2 may not play Y1

    @V-SEVEN-ZERO @official
    Scenario: a zero passes every hand to the next player in the direction of play
      Cites fi-wikipedia › Muunnoksia › ¶1 item 7

      Given a 4-player game
      And the option V-SEVEN-ZERO
      And the hands are
        | seat | cards       |
        | 0    | R0 G1 G2    |
        | 1    | B1 B2 B3    |
        | 2    | Y1 Y2 Y3 Y4 |
        | 3    | G5 G6       |
      And the top card is R3
      When seat 0 plays R0
      Then seat 1 holds exactly G1 G2
      And seat 2 holds exactly B1 B2 B3
      And seat 3 holds exactly Y1 Y2 Y3 Y4
      And seat 0 holds exactly G5 G6
      And seat 1 is to act
      And an event hands_rotated cites V-SEVEN-ZERO

    @V-SEVEN-ZERO @official
    Scenario: hands move the other way round when play runs counter-clockwise
      Cites fi-wikipedia › Muunnoksia › ¶1 item 7

      Given a 4-player game
      And the option V-SEVEN-ZERO
      And the hands are
        | seat | cards       |
        | 0    | R0 G1 G2    |
        | 1    | B1 B2 B3    |
        | 2    | Y1 Y2 Y3 Y4 |
        | 3    | G5 G6       |
      And the top card is R3
      And play runs counter-clockwise
      When seat 0 plays R0
      Then seat 3 holds exactly G1 G2
      And seat 2 holds exactly G5 G6
      And seat 1 holds exactly Y1 Y2 Y3 Y4
      And seat 0 holds exactly B1 B2 B3
      And seat 3 is to act

    @V-SEVEN-ZERO @negative @official
    Scenario: with zero rotation turned off a zero is an ordinary number card
      Cites fi-wikipedia › Muunnoksia › ¶1 item 7

      Given a 4-player game
      And the option V-SEVEN-ZERO is {"seven_swap": true, "zero_rotate": false}
      And the hands are
        | seat | cards       |
        | 0    | R0 G1 G2    |
        | 1    | B1 B2 B3    |
        | 2    | Y1 Y2 Y3 Y4 |
        | 3    | G5 G6       |
      And the top card is R3
      When seat 0 plays R0
      Then seat 0 holds exactly G1 G2
      And seat 1 holds exactly B1 B2 B3
      And seat 1 is to act

    @V-SEVEN-ZERO @AMB-33 @negative @official
    Scenario: a seven laid as the last card ends the round without a swap
      Cites fi-wikipedia › Muunnoksia › ¶1 item 7

      Given a 3-player game
      And the option V-SEVEN-ZERO
      And the hands are
        | seat | cards |
        | 0    | R7    |
        | 1    | B1 B2 |
        | 2    | Y1 Y2 |
      And the top card is R3
      When seat 0 plays R7
      Then the round is won by seat 0
      # checks SCORE-WINNER-TAKES
      And the scores are 6 0 0
      # checks V-SEVEN-ZERO
      And seat 0 may not swap hands with seat 1

    @V-SEVEN-ZERO @AMB-33 @negative @official
    Scenario: a zero laid as the last card ends the round without moving any hand
      Cites fi-wikipedia › Muunnoksia › ¶1 item 7

      Given a 3-player game
      And the option V-SEVEN-ZERO
      And the hands are
        | seat | cards |
        | 0    | R0    |
        | 1    | B1 B2 |
        | 2    | Y1 Y5 |
      And the top card is R3
      When seat 0 plays R0
      Then the round is won by seat 0
      # checks SCORE-WINNER-TAKES
      And the scores are 9 0 0

    @V-SEVEN-ZERO @official
    Scenario: a player handed a single card by a swap must call UNO
      Cites fi-wikipedia › Muunnoksia › ¶1 item 7

      Given a 4-player game
      And the option V-SEVEN-ZERO
      And the hands are
        | seat | cards       |
        | 0    | R7 G1 G2    |
        | 1    | B1 B2 B3    |
        | 2    | Y1 Y2 Y3 Y4 |
        | 3    | G5          |
      And the top card is R3
      And seat 3 has called UNO
      When seat 0 plays R7
      And seat 0 swaps hands with seat 3
      Then seat 0 holds exactly G5
      And seat 0 can be caught
      And seat 3 holds exactly G1 G2
      And seat 3 cannot be caught
      When seat 2 catches seat 0
      # checks UNO-PENALTY
      Then seat 0 holds 3 cards

    @V-SEVEN-ZERO @official
    Scenario: a player who called UNO must call again for a new single card
      Cites fi-wikipedia › Muunnoksia › ¶1 item 7

      Given a 4-player game
      And the option V-SEVEN-ZERO
      And the hands are
        | seat | cards    |
        | 0    | R0 G1    |
        | 1    | B1       |
        | 2    | Y1 Y2 Y3 |
        | 3    | G5 G6    |
      And the top card is R3
      And seat 1 has called UNO
      When seat 0 plays R0
      Then seat 1 holds exactly G1
      And seat 1 can be caught
      And seat 2 holds exactly B1
      And seat 2 can be caught
      And seat 0 holds exactly G5 G6
      And seat 1 is to act

    @AMB-33
    Scenario Outline: a seven under each 0-7 setting
      Cites id-wikipedia › Aturan resmi › ¶11; fi-wikipedia › Muunnoksia › ¶1 item 7

      Given a 3-player game under the <profile> profile
      And the option V-SEVEN-ZERO is <setting>
      And the hands are
        | seat | cards       |
        | 0    | R7 G1 G2    |
        | 1    | B1 B2 B3    |
        | 2    | Y1 Y2 Y3 Y4 |
      And the top card is R3
      When seat 0 plays R7
      Then the outcome is <outcome>

      @official @V-SEVEN-ZERO
      Examples:
        | profile  | setting                                    | outcome                                                                             |
        | official | {"seven_swap": true, "zero_rotate": true}  | the phase is swap; seat 0 is to act; seat 0 may swap hands with seat 2              |
        | official | {"seven_swap": false, "zero_rotate": true} | seat 1 is to act; seat 0 holds exactly G1 G2; seat 0 may not swap hands with seat 2 |

      @official @NO-CARD-EXCHANGE
      Examples:
        | profile  | setting | outcome                                                                             |
        | official | false   | seat 1 is to act; seat 0 holds exactly G1 G2; seat 0 may not swap hands with seat 2 |

      @fi-wikipedia @NO-CARD-EXCHANGE
      Examples:
        | profile      | setting | outcome                                                                             |
        | fi-wikipedia | false   | seat 1 is to act; seat 0 holds exactly G1 G2; seat 0 may not swap hands with seat 2 |

      @id-wikipedia @NO-CARD-EXCHANGE
      Examples:
        | profile      | setting | outcome                                                                             |
        | id-wikipedia | false   | seat 1 is to act; seat 0 holds exactly G1 G2; seat 1 may not swap hands with seat 2 |

    @V-SEVEN-ZERO @official
    Scenario: the seven-zero variant is the only exception
      Cites id-wikipedia › Aturan resmi › ¶11

      Given the option V-SEVEN-ZERO
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R7 G9 B4 |
        | 1    | B1       |
        | 2    | Y3 Y4    |
      And the top card is R2
      When seat 0 plays R7
      And seat 0 swaps hands with seat 2
      Then seat 0 holds exactly Y3 Y4
      And seat 2 holds exactly G9 B4

  Rule: NO-CARD-EXCHANGE

    @NO-CARD-EXCHANGE @AMB-33 @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: with the variant off no player may trade hands
      Cites id-wikipedia › Aturan resmi › ¶11

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R7 G1 G2 |
        | 1    | B1 B2 B3 |
        | 2    | Y1 Y2    |
      And the top card is R3
      When seat 0 tries to swap hands with seat 1
      Then the action is refused under NO-CARD-EXCHANGE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
