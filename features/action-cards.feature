Feature: Action cards: Skip, Reverse and Draw Two
  A Skip passes over the next player, a Reverse turns the direction of play round, and a
  Draw Two makes the next player take two cards and miss their turn. The player hit by a
  draw card cannot defend with a card of their own, and the cards they take cannot be
  played as part of that draw.

  Rule: SKIP-EFFECT

    @SKIP-EFFECT @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Skip passes over the next player
      Cites fi-wikipedia › Toimintakortit › ¶3; sv-unoregler › Stopp › ¶1; id-wikipedia › Aturan resmi › ¶6 item Skip

      Given a 4-player game
      And the hands are
        | seat | cards    |
        | 0    | RS R3 B5 |
        | 1    | G1 G2 Y3 |
        | 2    | B1 B2 Y4 |
        | 3    | Y5 Y6 G7 |
      And the top card is R7
      When seat 0 plays RS
      Then the top card is RS
      And seat 2 is to act
      And seat 1 holds exactly G1 G2 Y3
      And an event turn_skipped cites SKIP-EFFECT

    @SKIP-EFFECT @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Skip follows the direction of play
      Cites fi-wikipedia › Toimintakortit › ¶3; sv-unoregler › Stopp › ¶1; id-wikipedia › Aturan resmi › ¶6 item Skip

      Given a 4-player game
      And the hands are
        | seat | cards    |
        | 0    | R1 R2 Y3 |
        | 1    | G1 G2 Y3 |
        | 2    | GS B2 Y4 |
        | 3    | Y5 Y6 G7 |
      And the top card is G4
      And seat 2 is to act
      And play runs counter-clockwise
      When seat 2 plays GS
      Then seat 0 is to act
      And play runs counter-clockwise
      And seat 1 holds 3 cards

    @SKIP-EFFECT @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the skipped player may not play in the turn they lost
      Cites fi-wikipedia › Toimintakortit › ¶3; sv-unoregler › Stopp › ¶1; id-wikipedia › Aturan resmi › ¶6 item Skip

      Given a 4-player game
      And the hands are
        | seat | cards    |
        | 0    | RS R3 B5 |
        | 1    | R1 G2 Y3 |
        | 2    | B1 B2 Y4 |
        | 3    | Y5 Y6 G7 |
      And the top card is R7
      When seat 0 plays RS
      And seat 1 tries to play R1
      # checks SKIP-EFFECT
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks SKIP-EFFECT
      And seat 2 is to act

    @SKIP-EFFECT @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Skip passes over one player only
      Cites fi-wikipedia › Toimintakortit › ¶3; sv-unoregler › Stopp › ¶1; id-wikipedia › Aturan resmi › ¶6 item Skip

      Given a 4-player game
      And the hands are
        | seat | cards    |
        | 0    | RS R3 B5 |
        | 1    | G1 G2 Y3 |
        | 2    | B1 B2 Y4 |
        | 3    | R5 Y6 G7 |
      And the top card is R7
      When seat 0 plays RS
      And seat 3 tries to play R5
      # checks SKIP-EFFECT
      Then the action is refused under TURN-ADVANCE
      And seat 2 is to act

  Rule: REVERSE-EFFECT

    @REVERSE-EFFECT @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Reverse sends play back the other way
      Cites fi-wikipedia › Toimintakortit › ¶4; sv-unoregler › Vänd › ¶1; id-wikipedia › Aturan resmi › ¶6 item Reverse

      Given a 4-player game
      And the hands are
        | seat | cards    |
        | 0    | R3 G1 G2 |
        | 1    | RR B1 Y5 |
        | 2    | B2 B3 Y4 |
        | 3    | Y6 G7 B8 |
      And the top card is R7
      And seat 1 is to act
      When seat 1 plays RR
      Then play runs counter-clockwise
      And seat 0 is to act
      And an event direction_reversed cites REVERSE-EFFECT

    @REVERSE-EFFECT @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the new direction lasts for the turns that follow
      Cites fi-wikipedia › Toimintakortit › ¶4; sv-unoregler › Vänd › ¶1; id-wikipedia › Aturan resmi › ¶6 item Reverse

      Given a 4-player game
      And the hands are
        | seat | cards    |
        | 0    | R3 G1 G2 |
        | 1    | RR B1 Y5 |
        | 2    | B2 B3 Y4 |
        | 3    | Y6 G7 B8 |
      And the top card is R7
      And seat 1 is to act
      When seat 1 plays RR
      And seat 0 plays R3
      Then seat 3 is to act
      And play runs counter-clockwise

    @REVERSE-EFFECT @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Reverse during counter-clockwise play restores clockwise play
      Cites fi-wikipedia › Toimintakortit › ¶4; sv-unoregler › Vänd › ¶1; id-wikipedia › Aturan resmi › ¶6 item Reverse

      Given a 4-player game
      And the hands are
        | seat | cards    |
        | 0    | R3 G1 G2 |
        | 1    | R1 B1 Y5 |
        | 2    | BR B3 Y4 |
        | 3    | Y6 G7 B8 |
      And the top card is B4
      And seat 2 is to act
      And play runs counter-clockwise
      When seat 2 plays BR
      Then play runs clockwise
      And seat 3 is to act

    @REVERSE-EFFECT @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Reverse passes over nobody
      Cites fi-wikipedia › Toimintakortit › ¶4; sv-unoregler › Vänd › ¶1; id-wikipedia › Aturan resmi › ¶6 item Reverse

      Given a 4-player game
      And the hands are
        | seat | cards    |
        | 0    | R3 G1 G2 |
        | 1    | RR B1 Y5 |
        | 2    | R2 B3 Y4 |
        | 3    | R6 G7 B8 |
      And the top card is R7
      And seat 1 is to act
      When seat 1 plays RR
      And seat 3 tries to play R6
      # checks REVERSE-EFFECT
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks REVERSE-EFFECT
      And seat 0 is to act

    @REVERSE-EFFECT @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the player who would have been next no longer is
      Cites fi-wikipedia › Toimintakortit › ¶4; sv-unoregler › Vänd › ¶1; id-wikipedia › Aturan resmi › ¶6 item Reverse

      Given a 4-player game
      And the hands are
        | seat | cards    |
        | 0    | R3 G1 G2 |
        | 1    | RR B1 Y5 |
        | 2    | R2 B3 Y4 |
        | 3    | Y6 G7 B8 |
      And the top card is R7
      And seat 1 is to act
      When seat 1 plays RR
      And seat 2 tries to play R2
      # checks REVERSE-EFFECT
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

  Rule: DRAW-TWO-EFFECT

    @DRAW-TWO-EFFECT @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the next player draws two cards and misses the turn
      Cites fi-wikipedia › Toimintakortit › ¶5; sv-unoregler › Dra 2 › ¶1; id-wikipedia › Aturan resmi › ¶6 item Draw Two (+2)

      Given a 4-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 R3 B5 |
        | 1    | G1 G2 Y3  |
        | 2    | B1 B2 Y4  |
        | 3    | Y5 Y6 G7  |
      And the top card is R7
      And the draw pile starts with B9 G8 Y9
      When seat 0 plays RD2
      Then seat 1 holds exactly G1 G2 Y3 B9 G8
      And seat 2 is to act
      And the top card is RD2
      And the current colour is red
      And an event cards_drawn cites DRAW-TWO-EFFECT
      And an event turn_skipped cites DRAW-TWO-EFFECT

    @DRAW-TWO-EFFECT @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Draw Two hits the next player in the direction of play
      Cites fi-wikipedia › Toimintakortit › ¶5; sv-unoregler › Dra 2 › ¶1; id-wikipedia › Aturan resmi › ¶6 item Draw Two (+2)

      Given a 4-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 R3 B5 |
        | 1    | G1 G2 Y3  |
        | 2    | B1 B2 Y4  |
        | 3    | Y5 Y6 G7  |
      And the top card is R7
      And play runs counter-clockwise
      When seat 0 plays RD2
      Then seat 3 holds 5 cards
      And seat 1 holds 3 cards
      And seat 2 is to act

    @DRAW-TWO-EFFECT @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the player who drew two gets no turn
      Cites fi-wikipedia › Toimintakortit › ¶5; sv-unoregler › Dra 2 › ¶1; id-wikipedia › Aturan resmi › ¶6 item Draw Two (+2)

      Given a 4-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 R3 B5 |
        | 1    | R1 G2 Y3  |
        | 2    | B1 B2 Y4  |
        | 3    | Y5 Y6 G7  |
      And the top card is R7
      When seat 0 plays RD2
      And seat 1 tries to play R1
      # checks DRAW-TWO-EFFECT
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks DRAW-TWO-EFFECT
      And seat 1 holds 5 cards

    @DRAW-TWO-EFFECT @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: only the next player draws, and only two cards
      Cites fi-wikipedia › Toimintakortit › ¶5; sv-unoregler › Dra 2 › ¶1; id-wikipedia › Aturan resmi › ¶6 item Draw Two (+2)

      Given a 4-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 R3 B5 |
        | 1    | G1 G2 Y3  |
        | 2    | B1 B2 Y4  |
        | 3    | Y5 Y6 G7  |
      And the top card is R7
      When seat 0 plays RD2
      Then seat 1 holds 5 cards
      And seat 0 holds 2 cards
      And seat 2 holds 3 cards
      And seat 3 holds 3 cards

  Rule: NO-STACKING

    @NO-STACKING @official @fi-wikipedia @id-wikipedia
    Scenario: a victim holding a Draw Two still draws two
      Cites fi-wikipedia › Toimintakortit › ¶5; id-wikipedia › Aturan resmi › ¶6 item Draw Two (+2)

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 R3 B5 |
        | 1    | GD2 G1 Y3 |
        | 2    | B1 B2 Y4  |
      And the top card is R7
      And the draw pile starts with B9 G8
      When seat 0 plays RD2
      Then seat 1 holds exactly GD2 G1 Y3 B9 G8
      And seat 2 is to act

    @NO-STACKING @negative @official @fi-wikipedia @id-wikipedia
    Scenario: a Draw Two cannot be passed on with another Draw Two
      Cites fi-wikipedia › Toimintakortit › ¶5; id-wikipedia › Aturan resmi › ¶6 item Draw Two (+2)

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 R3 B5 |
        | 1    | GD2 G1 Y3 |
        | 2    | B1 B2 Y4  |
      And the top card is R7
      When seat 0 plays RD2
      And seat 1 tries to play GD2
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks NO-STACKING
      And seat 1 holds 5 cards
      And seat 2 holds 3 cards

    @NO-STACKING @negative @official @fi-wikipedia @id-wikipedia
    Scenario: a Draw Two cannot be answered with a wild card
      Cites fi-wikipedia › Toimintakortit › ¶5; fi-wikipedia › Toimintakortit › ¶6; id-wikipedia › Aturan resmi › ¶6 item Draw Two (+2)

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 R3 B5 |
        | 1    | WD4 W Y3  |
        | 2    | B1 B2 Y4  |
      And the top card is R7
      When seat 0 plays RD2
      And seat 1 tries to play W
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks NO-STACKING
      And seat 1 holds 5 cards
      And seat 2 is to act

    @NO-STACKING @negative @official @fi-wikipedia @id-wikipedia
    Scenario: the victim of a Wild Draw Four may only challenge or take the cards
      Cites fi-wikipedia › Toimintakortit › ¶7; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4)

      Given a 3-player game
      And the hands are
        | seat | cards       |
        | 0    | WD4 B5 G2   |
        | 1    | WD4 BD2 W Y3 |
        | 2    | B1 B2 Y4    |
      And the top card is R7
      And the draw pile starts with B9 G8 Y9 G6
      When seat 0 plays WD4
      And seat 0 names blue
      Then the legal actions of seat 1 are
        | action     |
        | challenges |
        | accepts    |
      When seat 1 tries to play WD4
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks WD4-EFFECT
      When seat 1 accepts
      Then seat 1 holds exactly WD4 BD2 W Y3 B9 G8 Y9 G6
      And seat 2 is to act

    @NO-STACKING @official @fi-wikipedia @id-wikipedia
    Scenario: a Draw Two goes on a Draw Two in an ordinary turn
      Cites fi-wikipedia › Toimintakortit › ¶5; id-wikipedia › Aturan resmi › ¶6 item Draw Two (+2)

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | GD2 B5 Y3 |
        | 1    | G1 G2 Y1  |
        | 2    | B1 B2 Y4  |
      And the top card is RD2
      When seat 0 plays GD2
      Then the top card is GD2
      # checks DRAW-TWO-EFFECT
      And seat 1 holds 5 cards
      And seat 2 is to act

    @AMB-21
    Scenario Outline: a Draw Two answered with a Draw Two
      Cites fi-wikipedia › Toimintakortit › ¶6; fi-wikipedia › Muunnoksia › ¶1 item 3.a; sv-unoregler › Dra 2 › ¶1; sv-unoregler › Vanliga frågor om regler i UNO › ¶8; id-wikipedia › Aturan resmi › ¶6 item Draw Two (+2)

      Given a 3-player game under the <profile> profile
      And the hands are
        | seat | cards     |
        | 0    | RD2 R3 B5 |
        | 1    | GD2 G1 Y3 |
        | 2    | B1 B2 Y4  |
      And the top card is R7
      When seat 0 plays RD2
      And seat 1 tries to play GD2
      Then the outcome is <outcome>
      And seat 1 holds <victim> cards
      And seat 2 holds <next> cards

      @official @NO-STACKING
      Examples:
        | profile  | outcome | victim | next |
        | official | refused | 5      | 3    |

      @fi-wikipedia @NO-STACKING
      Examples:
        | profile      | outcome | victim | next |
        | fi-wikipedia | refused | 5      | 3    |

      @id-wikipedia @NO-STACKING
      Examples:
        | profile      | outcome | victim | next |
        | id-wikipedia | refused | 5      | 3    |

      @sv-unoregler @V-STACK-DRAW
      Examples:
        | profile      | outcome                               | victim | next |
        | sv-unoregler | the top card is GD2; seat 0 is to act | 2      | 7    |

  Rule: PENALTY-CARDS-NOT-PLAYABLE

    @PENALTY-CARDS-NOT-PLAYABLE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: cards drawn for a Draw Two go into the hand
      Cites fi-wikipedia › Toimintakortit › ¶5; sv-unoregler › Dra 2 › ¶1; id-wikipedia › Aturan resmi › ¶6 item Draw Two (+2)

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 R3 B5 |
        | 1    | G1 G2 Y3  |
        | 2    | B1 B2 Y4  |
      And the top card is R7
      And the draw pile starts with R4 G8
      When seat 0 plays RD2
      Then seat 1 holds exactly G1 G2 Y3 R4 G8
      And an event cards_drawn cites DRAW-TWO-EFFECT
      And seat 2 is to act

    @PENALTY-CARDS-NOT-PLAYABLE @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a playable card drawn for a Draw Two cannot be laid at once
      Cites fi-wikipedia › Toimintakortit › ¶5; sv-unoregler › Dra 2 › ¶1; id-wikipedia › Aturan resmi › ¶6 item Draw Two (+2)

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 R3 B5 |
        | 1    | G1 G2 Y3  |
        | 2    | B1 B2 Y4  |
      And the top card is R7
      And the draw pile starts with R4 G8
      When seat 0 plays RD2
      And seat 1 tries to play R4
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks PENALTY-CARDS-NOT-PLAYABLE
      And seat 1 may not play R4

    @PENALTY-CARDS-NOT-PLAYABLE @negative @official @fi-wikipedia @id-wikipedia
    Scenario: a card drawn for a Wild Draw Four cannot be laid at once
      Cites fi-wikipedia › Toimintakortit › ¶7; id-wikipedia › Aturan resmi › ¶6 item Wild Draw Four (+4)

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B2 Y4  |
      And the top card is R7
      And the draw pile starts with B4 G8 Y9 G6
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 accepts
      And seat 1 tries to play B4
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks WD4-EFFECT
      And seat 1 holds exactly Y1 Y2 G3 B4 G8 Y9 G6
      And seat 2 is to act

    @PENALTY-CARDS-NOT-PLAYABLE @negative @official @fi-wikipedia @id-wikipedia
    Scenario: cards drawn after a failed challenge cannot be laid at once
      Cites fi-wikipedia › Toimintakortit › ¶7; fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Penalti › ¶2

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B2 Y4  |
      And the top card is R7
      And the draw pile starts with B4 G8 Y9 G6 B6 R1
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      And seat 1 tries to play B6
      Then the action is refused
      # checks WD4-CHALLENGE-INNOCENT
      And seat 1 holds 9 cards
      And seat 2 is to act

    @PENALTY-CARDS-NOT-PLAYABLE @negative @official @fi-wikipedia @id-wikipedia
    Scenario: the four cards of an upheld challenge cannot be laid at once
      Cites fi-wikipedia › Rangaistukset › ¶2; id-wikipedia › Penalti › ¶2

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 R2 B5 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B2 Y4  |
      And the top card is R7
      And the draw pile starts with B4 G8 Y9 G6
      When seat 0 plays WD4
      And seat 0 names blue
      And seat 1 challenges
      And seat 0 tries to play B4
      Then the action is refused
      # checks WD4-CHALLENGE-GUILTY
      And seat 0 holds exactly R2 B5 B4 G8 Y9 G6
      And seat 1 is to act

    @PENALTY-CARDS-NOT-PLAYABLE @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: cards drawn for a missed UNO call cannot be laid at once
      Cites fi-wikipedia › Pelin kulku › ¶5; id-wikipedia › Penalti › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R3 G1 Y2 |
        | 1    | B1       |
        | 2    | B2 B3 Y4 |
      And the top card is R7
      And seat 1 has not called UNO
      And the draw pile starts with R4 G8
      When seat 0 catches seat 1
      And seat 1 tries to play R4
      Then the action is refused
      # checks UNO-PENALTY
      And seat 1 holds exactly B1 R4 G8
      And seat 0 is to act
