Feature: Cheat UNO
  Under V-CHEAT a coloured card goes down face down while its player announces a card
  that would be legal. The next player accepts the announcement or accuses: a wrong
  accusation costs the accuser cards, a caught cheat takes the card back and draws.

  Rule: V-CHEAT

    @V-CHEAT @official
    Scenario: an accepted face-down card counts as the card announced
      Cites fi-wikipedia › Muunnoksia › ¶1 item 6

      Given the option V-CHEAT
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | G9 B2 Y1 |
        | 1    | Y9 B5    |
        | 2    | G5 G6    |
      And the top card is R7
      When seat 0 plays G9 announcing R9
      Then the phase is cheat
      And the legal actions of seat 1 are
        | action |
        | accept |
        | accuse |
      When seat 1 accepts
      Then the position has /announced = "R9"
      And the current colour is red
      And seat 1 is to act
      And seat 1 may play Y9 announcing Y9
      And seat 1 may not play B5 announcing B5

    @V-CHEAT @official
    Scenario: an accepted announcement has the announced card's effect
      Cites fi-wikipedia › Muunnoksia › ¶1 item 6

      Given the option V-CHEAT
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | G9 B2 Y1 |
        | 1    | Y9 B5    |
        | 2    | G5 G6    |
      And the top card is R7
      When seat 0 plays G9 announcing RD2
      And seat 1 accepts
      Then seat 1 holds 4 cards
      And seat 2 is to act

    @V-CHEAT @official
    Scenario: a caught cheat takes the card back and draws two
      Cites fi-wikipedia › Muunnoksia › ¶1 item 6

      Given the option V-CHEAT
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | G9 B2 Y1 |
        | 1    | Y9 B5    |
        | 2    | G5 G6    |
      And the top card is R7
      When seat 0 plays G9 announcing R9
      And seat 1 accuses
      Then an event cheat_revealed cites V-CHEAT
      And seat 0 holds 5 cards
      And the top card is R7
      And the current colour is red
      And the position has /announced = null
      And seat 1 holds 2 cards
      And seat 1 is to act

    @V-CHEAT @official
    Scenario: a wrong accusation costs the accuser two cards and the accuser still plays
      Cites fi-wikipedia › Muunnoksia › ¶1 item 6

      Given the option V-CHEAT
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R9 B2 Y1 |
        | 1    | Y9 B5    |
        | 2    | G5 G6    |
      And the top card is R7
      When seat 0 plays R9 announcing R9
      And seat 1 accuses
      Then seat 1 holds 4 cards
      And seat 0 holds 2 cards
      And the top card is R9
      And seat 1 is to act
      And the phase is turn

    @V-CHEAT @official
    Scenario: a wrong accusation of a Skip leaves the accuser skipped
      Cites fi-wikipedia › Muunnoksia › ¶1 item 6

      Given the option V-CHEAT
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | RS B2 Y1 |
        | 1    | Y9 B5    |
        | 2    | G5 G6    |
      And the top card is R7
      When seat 0 plays RS announcing RS
      And seat 1 accuses
      Then seat 1 holds 4 cards
      And seat 2 is to act

    @V-CHEAT @negative @official
    Scenario: the announced card must be one that could be played
      Cites fi-wikipedia › Muunnoksia › ¶1 item 6

      Given the option V-CHEAT
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | G9 B2 Y1 |
        | 1    | Y9 B5    |
        | 2    | G5 G6    |
      And the top card is R7
      When seat 0 tries to play G9 announcing G9
      Then the action is refused under V-CHEAT
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks V-CHEAT
      And seat 0 may play G9 announcing R3

    @V-CHEAT @negative @official
    Scenario: a wild card is never played face down
      Cites fi-wikipedia › Muunnoksia › ¶1 item 6

      Given the option V-CHEAT
      And a 3-player game
      And the hands are
        | seat | cards   |
        | 0    | W G9 B2 |
        | 1    | Y9 B5   |
        | 2    | G5 G6   |
      And the top card is R7
      Then seat 0 may play W
      And seat 0 may not play W announcing R9
      And seat 0 may not play G9 announcing W
      When seat 0 tries to play W announcing R9
      Then the action is refused under V-CHEAT
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-CHEAT @negative @official
    Scenario: only the next player may accept or accuse
      Cites fi-wikipedia › Muunnoksia › ¶1 item 6

      Given the option V-CHEAT
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | G9 B2 Y1 |
        | 1    | Y9 B5    |
        | 2    | G5 G6    |
      And the top card is R7
      When seat 0 plays G9 announcing R9
      And seat 2 tries to accuse
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks V-CHEAT
      And seat 2 may not accept
      And seat 1 may not draw

    @V-CHEAT @official
    Scenario: an accepted face-down last card wins the round
      Cites fi-wikipedia › Muunnoksia › ¶1 item 6

      Given the option V-CHEAT
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9    |
        | 1    | Y9 B5 |
        | 2    | G5 G6 |
      And seat 0 has called UNO
      And the top card is R7
      When seat 0 plays G9 announcing R9
      Then the round goes on
      When seat 1 accepts
      Then the round is won by seat 0

    @V-CHEAT @negative @official
    Scenario: a caught face-down last card does not win the round
      Cites fi-wikipedia › Muunnoksia › ¶1 item 6

      Given the option V-CHEAT
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | G9    |
        | 1    | Y9 B5 |
        | 2    | G5 G6 |
      And seat 0 has called UNO
      And the top card is R7
      When seat 0 plays G9 announcing R9
      And seat 1 accuses
      Then the round goes on
      And seat 0 holds 3 cards
      And seat 1 is to act

    @AMB-34
    Scenario Outline: what a wrong accusation costs, and whether the accuser then plays
      Cites fi-wikipedia › Muunnoksia › ¶1 item 6

      Given the option V-CHEAT is {"false_accusation_draw": <penalty>}
      And a 3-player game under the <profile> profile
      And the hands are
        | seat | cards    |
        | 0    | R9 RS Y1 |
        | 1    | Y9 B5    |
        | 2    | G5 G6    |
      And the top card is R7
      When seat 0 plays <card> announcing <card>
      And seat 1 accuses
      Then the outcome is <outcome>

      @official @V-CHEAT
      Examples:
        | profile  | penalty | card | outcome                                |
        | official | 2       | R9   | seat 1 holds 4 cards; seat 1 is to act |
        | official | 4       | R9   | seat 1 holds 6 cards; seat 1 is to act |
        | official | 2       | RS   | seat 1 holds 4 cards; seat 2 is to act |
        | official | 0       | R9   | seat 1 holds 2 cards; seat 1 is to act |

    @V-CHEAT @official
    Scenario: an announced zero that survives a false accusation passes the hands on before the accuser draws
      Cites fi-wikipedia › Muunnoksia › ¶1 item 6

      Given the option V-CHEAT
      And the option V-SEVEN-ZERO
      And a 4-player game
      And the hands are
        | seat | cards       |
        | 0    | R0 G1 G2    |
        | 1    | B1 B2 B3    |
        | 2    | Y1 Y2 Y3 Y4 |
        | 3    | G5 G6       |
      And the top card is R3
      And the draw pile starts with R8 R9
      When seat 0 plays R0 announcing R0
      And seat 1 accuses
      Then seat 1 holds exactly G1 G2 R8 R9
      And seat 2 holds exactly B1 B2 B3
      And seat 3 holds exactly Y1 Y2 Y3 Y4
      And seat 0 holds exactly G5 G6
      And seat 1 is to act

    @V-CHEAT @official
    Scenario: an accepted seven announced for a face-down card makes its player trade hands
      Cites fi-wikipedia › Muunnoksia › ¶1 item 6

      Given the option V-CHEAT
      And the option V-SEVEN-ZERO
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | G9 B2 Y1 |
        | 1    | Y9 B5    |
        | 2    | G5 G6    |
      And the top card is R3
      When seat 0 plays G9 announcing R7
      And seat 1 accepts
      Then the phase is swap
      And seat 0 is to act
      When seat 0 swaps hands with seat 2
      Then seat 0 holds exactly G5 G6
      And seat 2 holds exactly B2 Y1
      And seat 1 is to act
