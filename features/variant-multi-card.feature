Feature: Variants that put down several cards in one turn
  Under these variants a turn's play may be a group of cards instead of one. The engine
  takes a group card by card: after the first card the player adds more, or ends the
  turn. V-CUMULATIVE-EFFECT makes the effects of all the group's cards count.

  Rule: V-MULTI-PLAY

    @V-MULTI-PLAY @official
    Scenario: several cards of the current colour go down in one turn
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2

      Given the option V-MULTI-PLAY
      And a 3-player game
      And the hands are
        | seat | cards       |
        | 0    | R2 R5 G9 B1 |
        | 1    | B5 B6       |
        | 2    | Y7 Y8       |
      And the top card is R7
      When seat 0 plays R2
      Then the phase is multi
      And seat 0 is to act
      And the legal actions of seat 0 are
        | action       |
        | play R5      |
        | end the turn |
      When seat 0 plays R5
      Then the top card is R5
      And seat 0 holds exactly G9 B1
      And seat 1 is to act

    @V-MULTI-PLAY @official
    Scenario: cards matching the top card by number join cards of the colour
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2

      Given the option V-MULTI-PLAY
      And a 3-player game
      And the hands are
        | seat | cards       |
        | 0    | G7 B7 R2 Y1 |
        | 1    | B5 B6       |
        | 2    | Y8 Y9       |
      And the top card is R7
      When seat 0 plays G7
      And seat 0 plays B7
      Then seat 0 may play R2
      When seat 0 ends the turn
      Then the top card is B7
      And the current colour is blue
      And seat 0 holds exactly R2 Y1
      And seat 1 is to act

    @V-MULTI-PLAY @negative @official
    Scenario: a card that fits only the card laid before it is refused
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2

      Given the option V-MULTI-PLAY
      And a 3-player game
      And the hands are
        | seat | cards       |
        | 0    | R2 R5 G2 B1 |
        | 1    | B5 B6       |
        | 2    | Y8 Y9       |
      And the top card is R7
      When seat 0 plays R2
      And seat 0 tries to play G2
      Then the action is refused under V-MULTI-PLAY
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-MULTI-PLAY @negative @official
    Scenario: a wild card is never part of a group
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2

      Given the option V-MULTI-PLAY
      And a 3-player game
      And the hands are
        | seat | cards       |
        | 0    | R2 R5 W B1  |
        | 1    | R8 B6       |
        | 2    | R9 Y9       |
      And the top card is R7
      When seat 0 plays R2
      Then seat 0 may not play W
      When seat 0 tries to play W
      Then the action is refused under V-MULTI-PLAY
      When seat 0 ends the turn
      And seat 1 plays R8
      And seat 2 plays R9
      And seat 0 plays W
      Then the phase is colour
      And seat 0 is to act

    @V-MULTI-PLAY @official
    Scenario: only the card laid last has its effect
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2

      Given the option V-MULTI-PLAY
      And a 3-player game
      And the hands are
        | seat | cards       |
        | 0    | RS RD2 G1   |
        | 1    | B5 B6       |
        | 2    | Y8 Y9       |
      And the top card is R7
      When seat 0 plays RD2
      And seat 0 plays RS
      Then the top card is RS
      And seat 1 holds 2 cards
      And seat 2 is to act

    @V-MULTI-PLAY @negative @official
    Scenario: a card played after a turn draw cannot start a group
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2

      Given the option V-MULTI-PLAY
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R2 B1 |
        | 1    | B5 B6 |
        | 2    | Y8 Y9 |
      And the top card is R7
      And the draw pile starts with R9 G4
      When seat 0 draws
      And seat 0 plays R9
      Then the top card is R9
      And seat 0 holds exactly R2 B1
      And seat 1 is to act

    @V-MULTI-PLAY @official
    Scenario: a group may be the last cards and wins the round
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2

      Given the option V-MULTI-PLAY
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R2 R5 |
        | 1    | B5 B6 |
        | 2    | Y8 Y9 |
      And the top card is R7
      When seat 0 plays R2
      And seat 0 plays R5
      Then the round is won by seat 0

    @V-MULTI-PLAY @negative @official
    Scenario: without may_go_out_with_multi a group may not empty the hand
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2

      Given the option V-MULTI-PLAY is {"may_go_out_with_multi": false}
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R2 R5 |
        | 1    | B5 B6 |
        | 2    | Y8 Y9 |
      And the top card is R7
      When seat 0 plays R2
      Then the round goes on
      And seat 0 holds exactly R5
      And seat 0 must call UNO
      And seat 1 is to act

    @V-MULTI-PLAY @official
    Scenario: a player left with one card after a group must call UNO
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2

      Given the option V-MULTI-PLAY
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R2 R5 G9 |
        | 1    | B5 B6    |
        | 2    | Y8 Y9    |
      And the top card is R7
      When seat 0 plays R2
      And seat 0 plays R5
      Then seat 0 holds exactly G9
      And seat 0 must call UNO

  Rule: V-MULTI-ONE-COLOUR-OR-ALL-NUMBER

    @V-MULTI-ONE-COLOUR-OR-ALL-NUMBER @official
    Scenario: every card of the top card's number may go down together
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2.a

      Given the option V-MULTI-PLAY
      And the option V-MULTI-ONE-COLOUR-OR-ALL-NUMBER
      And a 3-player game
      And the hands are
        | seat | cards       |
        | 0    | G7 B7 Y7 R1 |
        | 1    | B5 B6       |
        | 2    | Y8 Y9       |
      And the top card is R7
      When seat 0 plays G7
      And seat 0 plays B7
      And seat 0 plays Y7
      Then the top card is Y7
      And the current colour is yellow
      And seat 0 holds exactly R1
      And seat 1 is to act

    @V-MULTI-ONE-COLOUR-OR-ALL-NUMBER @negative @official
    Scenario: a card played for its colour is played alone
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2.a

      Given the option V-MULTI-PLAY
      And the option V-MULTI-ONE-COLOUR-OR-ALL-NUMBER
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R2 R5 G1 |
        | 1    | B5 B6    |
        | 2    | Y8 Y9    |
      And the top card is R7
      When seat 0 plays R2
      Then the top card is R2
      And seat 0 holds exactly R5 G1
      And seat 1 is to act

    @V-MULTI-ONE-COLOUR-OR-ALL-NUMBER @negative @official
    Scenario: a number group takes no card of another number
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2.a

      Given the option V-MULTI-PLAY
      And the option V-MULTI-ONE-COLOUR-OR-ALL-NUMBER
      And a 3-player game
      And the hands are
        | seat | cards       |
        | 0    | R7 B7 R5 G1 |
        | 1    | B5 B6       |
        | 2    | Y8 Y9       |
      And the top card is R7
      When seat 0 plays R7
      Then seat 0 may play B7
      When seat 0 tries to play R5
      Then the action is refused under V-MULTI-ONE-COLOUR-OR-ALL-NUMBER
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-MULTI-ONE-COLOUR-OR-ALL-NUMBER @negative @official
    Scenario: action cards of the top card's symbol are not grouped
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2.a

      Given the option V-MULTI-PLAY
      And the option V-MULTI-ONE-COLOUR-OR-ALL-NUMBER
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | GS BS Y1 |
        | 1    | B5 B6    |
        | 2    | Y8 Y9    |
      And the top card is RS
      When seat 0 plays GS
      Then the top card is GS
      And seat 0 holds exactly BS Y1
      And seat 2 is to act

    @V-MULTI-ONE-COLOUR-OR-ALL-NUMBER @negative @official
    Scenario: a wild on top allows no group
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2.a

      Given the option V-MULTI-PLAY
      And the option V-MULTI-ONE-COLOUR-OR-ALL-NUMBER
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R7 R5 G1 |
        | 1    | B5 B6    |
        | 2    | Y8 Y9    |
      And the top card is W and the colour is red
      When seat 0 plays R7
      Then seat 0 holds exactly R5 G1
      And seat 1 is to act

  Rule: V-MULTI-RIDE

    @V-MULTI-RIDE @official
    Scenario: a yellow 7 then a yellow 6 ride on a blue 7
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2.b

      Given the option V-MULTI-PLAY
      And the option V-MULTI-RIDE
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | Y7 Y6 R1 |
        | 1    | B5 B6    |
        | 2    | G8 G9    |
      And the top card is B7
      When seat 0 plays Y7
      And seat 0 plays Y6
      Then the top card is Y6
      And the current colour is yellow
      And seat 0 holds exactly R1
      And seat 1 is to act

    @V-MULTI-RIDE @official
    Scenario: a chain may change colour through a shared number
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2.b

      Given the option V-MULTI-PLAY
      And the option V-MULTI-RIDE
      And a 3-player game
      And the hands are
        | seat | cards       |
        | 0    | Y7 Y6 G6 R1 |
        | 1    | B5 B6       |
        | 2    | G8 G9       |
      And the top card is B7
      When seat 0 plays Y7
      And seat 0 plays Y6
      And seat 0 plays G6
      Then the top card is G6
      And the current colour is green
      And seat 0 holds exactly R1
      And seat 1 is to act

    @V-MULTI-RIDE @negative @official
    Scenario: each link must match the card laid just before it
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2.b

      Given the option V-MULTI-PLAY
      And the option V-MULTI-RIDE
      And a 3-player game
      And the hands are
        | seat | cards       |
        | 0    | Y7 Y2 B3 R1 |
        | 1    | B5 B6       |
        | 2    | G8 G9       |
      And the top card is B7
      When seat 0 plays Y7
      And seat 0 tries to play B3
      Then the action is refused under V-MULTI-RIDE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks V-MULTI-RIDE
      And seat 0 may play Y2

    @V-MULTI-RIDE @negative @official
    Scenario: max_chain limits the length of a chain
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2.b

      Given the option V-MULTI-PLAY
      And the option V-MULTI-RIDE is {"max_chain": 2}
      And a 3-player game
      And the hands are
        | seat | cards       |
        | 0    | Y7 Y6 Y5 R1 |
        | 1    | B5 B6       |
        | 2    | G8 G9       |
      And the top card is B7
      When seat 0 plays Y7
      And seat 0 plays Y6
      Then the top card is Y6
      And seat 0 holds exactly Y5 R1
      And seat 1 is to act

    @V-MULTI-RIDE @official
    Scenario: a Wild may close a chain and names the colour
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2.b

      Given the option V-MULTI-PLAY
      And the option V-MULTI-RIDE
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | Y7 W R1  |
        | 1    | B5 B6    |
        | 2    | G8 G9    |
      And the top card is B7
      When seat 0 plays Y7
      And seat 0 plays W
      Then the phase is colour
      When seat 0 names green
      Then the top card is W
      And the current colour is green
      And seat 0 holds exactly R1
      And seat 1 is to act

    @V-MULTI-RIDE @official
    Scenario: action cards may be links of a chain
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2.b

      Given the option V-MULTI-PLAY
      And the option V-MULTI-RIDE
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | Y7 YS R1 |
        | 1    | B5 B6    |
        | 2    | G8 G9    |
      And the top card is B7
      When seat 0 plays Y7
      And seat 0 plays YS
      Then the top card is YS
      And seat 2 is to act

    @V-MULTI-RIDE @negative @official
    Scenario: without allow_specials_in_chain an action card may not be a link
      Cites fi-wikipedia › Muunnoksia › ¶1 item 2.b

      Given the option V-MULTI-PLAY
      And the option V-MULTI-RIDE is {"allow_specials_in_chain": false}
      And a 3-player game
      And the hands are
        | seat | cards       |
        | 0    | Y7 YS Y2 R1 |
        | 1    | B5 B6       |
        | 2    | G8 G9       |
      And the top card is B7
      When seat 0 plays Y7
      Then seat 0 may play Y2
      When seat 0 tries to play YS
      Then the action is refused under V-MULTI-RIDE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-MULTI-RIDE @official
    Scenario: a Wild Draw Four closing a chain is judged against the link before it
      Policy: no source combines the two variants; engine choice: the chain admits the Wild Draw Four only when nothing else in hand could go on the link before it, and a challenge judges it the same way

      Given the option V-MULTI-PLAY
      And the option V-MULTI-RIDE
      And the option V-WD4-ONLY-IF-NO-PLAYABLE
      And a 3-player game
      And the hands are
        | seat | cards        |
        | 0    | R5 WD4 G3 B9 |
        | 1    | Y1 Y2 B4     |
        | 2    | B1 B2 Y4     |
      And the top card is R3
      And the draw pile starts with B6 G8 Y9 G6 B7 R1
      When seat 0 plays R5
      And seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      Then seat 1 holds 9 cards
      And seat 0 holds exactly G3 B9
      And seat 2 is to act

  Rule: V-MULTI-IDENTICAL

    @V-MULTI-IDENTICAL @official
    Scenario: two identical red 2s go down together
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶6; sv-unoregler › Vanliga frågor om regler i UNO › ¶5

      Given the option V-MULTI-IDENTICAL
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R2 R2 G2 |
        | 1    | B5 B6    |
        | 2    | Y8 Y9    |
      And the top card is R7
      When seat 0 plays R2
      Then the legal actions of seat 0 are
        | action       |
        | play R2      |
        | end the turn |
      When seat 0 plays R2
      Then the top card is R2
      And the discard pile holds 3 cards
      And seat 0 holds exactly G2
      And seat 1 is to act

    @V-MULTI-IDENTICAL @negative @official
    Scenario: a red 2 and a green 2 may not go together
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶6; sv-unoregler › Vanliga frågor om regler i UNO › ¶5

      Given the option V-MULTI-IDENTICAL
      And a 3-player game
      And the hands are
        | seat | cards       |
        | 0    | R2 R2 G2 B1 |
        | 1    | B5 B6       |
        | 2    | Y8 Y9       |
      And the top card is R7
      When seat 0 plays R2
      And seat 0 tries to play G2
      Then the action is refused under V-MULTI-IDENTICAL
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @V-MULTI-IDENTICAL @official
    Scenario: two Wilds go down together with one colour named for both
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶6; sv-unoregler › Vanliga frågor om regler i UNO › ¶5

      Given the option V-MULTI-IDENTICAL
      And a 3-player game
      And the hands are
        | seat | cards   |
        | 0    | W W G1  |
        | 1    | B5 B6   |
        | 2    | Y8 Y9   |
      And the top card is R7
      When seat 0 plays W
      Then the phase is multi
      When seat 0 plays W
      Then the phase is colour
      When seat 0 names blue
      Then the current colour is blue
      And seat 0 holds exactly G1
      And seat 1 is to act

    @V-MULTI-IDENTICAL @negative @official
    Scenario: without include_wilds a Wild is played singly
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶6; sv-unoregler › Vanliga frågor om regler i UNO › ¶5

      Given the option V-MULTI-IDENTICAL is {"include_wilds": false}
      And a 3-player game
      And the hands are
        | seat | cards   |
        | 0    | W W G1  |
        | 1    | B5 B6   |
        | 2    | Y8 Y9   |
      And the top card is R7
      When seat 0 plays W
      Then the phase is colour
      And seat 0 may not play W

    @V-MULTI-IDENTICAL @official
    Scenario: without cumulative effects two Draw Twos draw two cards
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶6; sv-unoregler › Vanliga frågor om regler i UNO › ¶5

      Given the option V-MULTI-IDENTICAL
      And a 3-player game
      And the hands are
        | seat | cards      |
        | 0    | RD2 RD2 G1 |
        | 1    | B5 B6      |
        | 2    | Y8 Y9      |
      And the top card is R7
      When seat 0 plays RD2
      And seat 0 plays RD2
      Then seat 1 holds 4 cards
      And seat 2 is to act

    @V-MULTI-IDENTICAL @official
    Scenario: an identical group may be the last cards
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶6; sv-unoregler › Vanliga frågor om regler i UNO › ¶5

      Given the option V-MULTI-IDENTICAL
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R2 R2 |
        | 1    | B5 B6 |
        | 2    | Y8 Y9 |
      And the top card is R7
      When seat 0 plays R2
      And seat 0 plays R2
      Then the round is won by seat 0

    @V-MULTI-IDENTICAL @negative @official
    Scenario: an identical card cannot join a card played after a turn draw
      Cites sv-unoregler › Vanliga frågor om regler i UNO › ¶6; sv-unoregler › Vanliga frågor om regler i UNO › ¶5

      Given the option V-MULTI-IDENTICAL
      And a 3-player game
      And the hands are
        | seat | cards |
        | 0    | R2 B1 |
        | 1    | B5 B6 |
        | 2    | Y8 Y9 |
      And the top card is R7
      And the draw pile starts with R2 G4
      When seat 0 draws
      And seat 0 plays R2
      Then seat 0 holds exactly R2 B1
      And seat 1 is to act

  Rule: V-CUMULATIVE-EFFECT

    @V-CUMULATIVE-EFFECT @official
    Scenario: two Draw Twos make the next player draw four
      Cites sv-unoregler › Stopp › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 3

      Given the option V-MULTI-PLAY
      And the option V-CUMULATIVE-EFFECT
      And a 3-player game
      And the hands are
        | seat | cards      |
        | 0    | RD2 GD2 Y1 |
        | 1    | B5 B6      |
        | 2    | Y8 Y9      |
      And the top card is BD2
      When seat 0 plays RD2
      And seat 0 plays GD2
      Then seat 1 holds 6 cards
      And seat 2 is to act

    @V-CUMULATIVE-EFFECT @negative @official
    Scenario: with draw_sum off only the last draw card counts
      Cites sv-unoregler › Stopp › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 3

      Given the option V-MULTI-PLAY
      And the option V-CUMULATIVE-EFFECT is {"draw_sum": false}
      And a 3-player game
      And the hands are
        | seat | cards      |
        | 0    | RD2 GD2 Y1 |
        | 1    | B5 B6      |
        | 2    | Y8 Y9      |
      And the top card is BD2
      When seat 0 plays RD2
      And seat 0 plays GD2
      Then seat 1 holds 4 cards
      And seat 2 is to act

    @V-CUMULATIVE-EFFECT @official
    Scenario: two Skips pass over two players
      Cites sv-unoregler › Stopp › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 3

      Given the option V-MULTI-PLAY
      And the option V-CUMULATIVE-EFFECT
      And a 4-player game
      And the hands are
        | seat | cards    |
        | 0    | GS BS Y1 |
        | 1    | B5 B6    |
        | 2    | Y8 Y9    |
        | 3    | G2 G3    |
      And the top card is RS
      When seat 0 plays GS
      And seat 0 plays BS
      Then seat 3 is to act

    @V-CUMULATIVE-EFFECT @official
    Scenario: two Skips among three players give the turn back to the player
      Cites sv-unoregler › Stopp › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 3

      Given the option V-MULTI-PLAY
      And the option V-CUMULATIVE-EFFECT
      And a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | GS BS R1 |
        | 1    | B5 B6    |
        | 2    | Y8 Y9    |
      And the top card is RS
      When seat 0 plays GS
      And seat 0 plays BS
      And seat 0 ends the turn
      Then seat 0 is to act
      And the phase is turn

    @V-CUMULATIVE-EFFECT @official
    Scenario: a Skip counts on from the player a Draw Two passed over
      Cites sv-unoregler › Stopp › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 3

      Given the option V-MULTI-PLAY
      And the option V-CUMULATIVE-EFFECT
      And a 4-player game
      And the hands are
        | seat | cards     |
        | 0    | RS RD2 G1 |
        | 1    | B5 B6     |
        | 2    | Y8 Y9     |
        | 3    | G2 G3     |
      And the top card is R7
      When seat 0 plays RS
      And seat 0 plays RD2
      Then seat 1 holds 4 cards
      And seat 2 holds 2 cards
      And seat 3 is to act

    @V-CUMULATIVE-EFFECT @official
    Scenario: with two players a group of effects gives one extra turn
      Cites sv-unoregler › Stopp › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 3

      Given the option V-MULTI-PLAY
      And the option V-CUMULATIVE-EFFECT
      And a 2-player game
      And the hands are
        | seat | cards        |
        | 0    | RS RD2 RR G1 |
        | 1    | B5 B6        |
      And the top card is R7
      When seat 0 plays RS
      And seat 0 plays RR
      And seat 0 plays RD2
      Then seat 1 holds 4 cards
      And seat 0 is to act
      And the phase is turn

    @V-CUMULATIVE-EFFECT @official
    Scenario: a successful challenge of two Wild Draw Fours costs the player eight
      Cites sv-unoregler › Stopp › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 3

      Given the option V-MULTI-IDENTICAL
      And the option V-CUMULATIVE-EFFECT
      And a 3-player game
      And the hands are
        | seat | cards      |
        | 0    | WD4 WD4 R1 |
        | 1    | B5 B6      |
        | 2    | Y8 Y9      |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 plays WD4
      And seat 0 names blue
      Then the phase is challenge
      And the position has /pending/total = 8
      When seat 1 challenges
      Then seat 0 holds 9 cards
      And seat 1 is to act

    @V-CUMULATIVE-EFFECT @official
    Scenario: a failed challenge of two Wild Draw Fours costs the challenger ten
      Cites sv-unoregler › Stopp › ¶1; fi-wikipedia › Muunnoksia › ¶1 item 3

      Given the option V-MULTI-IDENTICAL
      And the option V-CUMULATIVE-EFFECT
      And a 3-player game
      And the hands are
        | seat | cards      |
        | 0    | WD4 WD4 G1 |
        | 1    | B5 B6      |
        | 2    | Y8 Y9      |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      Then seat 1 holds 12 cards
      And seat 2 is to act

    @AMB-38
    Scenario Outline: two Reverses in one group under each reverse_parity setting
      Cites fi-wikipedia › Muunnoksia › ¶1 item 3

      Given the option V-MULTI-PLAY
      And the option V-CUMULATIVE-EFFECT is {"reverse_parity": "<parity>"}
      And a 4-player game under the <profile> profile
      And the hands are
        | seat | cards    |
        | 0    | GR BR R1 |
        | 1    | B5 B6    |
        | 2    | Y8 Y9    |
        | 3    | G2 G3    |
      And the top card is RR
      When seat 0 plays GR
      And seat 0 plays BR
      And seat 0 ends the turn
      Then the outcome is <outcome>

      @official @V-CUMULATIVE-EFFECT
      Examples:
        | profile  | parity      | outcome                                       |
        | official | each_flips  | play runs clockwise; seat 1 is to act         |
        | official | single_flip | play runs counter-clockwise; seat 3 is to act |
