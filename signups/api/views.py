"""Open tournaments through the API (under /api/v1/): the announcement (public read of an
announced tournament, organisers change it), the sign-ups (organisers list, add, approve,
move, cancel), the fees at the door and the cash report, the payout table and the prize list.
Every write is one domain function; its refusals come back in the API's error format."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from karlchen.actors import Actor
from karlchen.api.base import (
    CODES,
    ORGANISER_ERRORS,
    READ_ERRORS,
    RESPONSE_403,
    Api,
    get_or_404,
    valid,
)
from karlchen.api.etags import ETAG_PARAMETER, NOT_MODIFIED, json_answer
from karlchen.strict_input import (
    JSONObjectField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
)
from results.api.views import not_public
from signups.domain.categories import (
    organiser_category_rankings,
    public_category_rankings,
    set_category,
)
from signups.domain.money import cash_report, category_of, prize_list, set_fee
from signups.domain.places import announcement_of
from signups.domain.settings import MAX_CAP, MAX_FEE, set_announcement, set_payout
from signups.domain.signups import (
    Applicant,
    add_signup,
    approve,
    cancel,
    closed_because,
    move_to_list,
    move_to_waiting,
    places_left,
)
from signups.enums import Approval, FeeMethod, FeeStatus, SignUpStatus, TieShare
from signups.models import Announcement, SignUp
from tournaments.api.permissions import entry_of, organised_tournament, sees_private
from tournaments.api.serializers import StrictBooleanField
from tournaments.models import Tournament


class AnnouncementOutput(serializers.Serializer):
    tournament = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField()
    game = serializers.CharField()
    published = serializers.BooleanField()
    venue = serializers.CharField()
    details = serializers.CharField()
    contact = serializers.CharField()
    cap = serializers.IntegerField(allow_null=True, help_text="null: no limit.")
    places_left = serializers.IntegerField(allow_null=True)
    waiting = serializers.IntegerField(help_text="Sign-ups on the waiting list.")
    deadline = serializers.DateTimeField(allow_null=True)
    signup_open = serializers.BooleanField(help_text="The public form takes sign-ups now.")
    signup_refusal = serializers.CharField(
        allow_null=True,
        help_text="null while open; else the code a sign-up is refused with now: "
        "signup_closed, signup_results_final, signup_started, signup_deadline_passed.",
    )
    approval = serializers.ChoiceField(choices=Approval.choices)
    fee = serializers.IntegerField(help_text="Cents.")
    category_fees = serializers.DictField(child=serializers.IntegerField(), help_text="Cents.")


def announcement_data(tournament: Tournament, announcement: Announcement) -> dict[str, Any]:
    closed = closed_because(announcement)
    return {
        "tournament": tournament.pk,
        "name": tournament.name,
        "date": tournament.date,
        "game": tournament.game,
        "published": announcement.published,
        "venue": announcement.venue or tournament.venue,
        "details": announcement.details,
        "contact": announcement.contact,
        "cap": announcement.cap,
        "places_left": places_left(tournament),
        "waiting": tournament.signups.filter(status=SignUpStatus.WAITING).count(),
        "deadline": announcement.deadline,
        "signup_open": closed is None,
        "signup_refusal": None if closed is None else closed.code,
        "approval": announcement.approval,
        "fee": announcement.fee,
        "category_fees": announcement.category_fees,
    }


class AnnouncementApi(Api):
    class InputSerializer(StrictSerializer):
        published = StrictBooleanField(required=False)
        cap = StrictIntegerField(min_value=1, max_value=MAX_CAP, required=False, allow_null=True)
        deadline = serializers.DateTimeField(required=False, allow_null=True)
        approval = StrictChoiceField(choices=Approval.choices, required=False)
        venue = serializers.CharField(required=False, allow_blank=True, max_length=2_000)
        details = serializers.CharField(required=False, allow_blank=True, max_length=10_000)
        contact = serializers.CharField(required=False, allow_blank=True, max_length=200)
        fee = StrictIntegerField(min_value=0, max_value=MAX_FEE, required=False, help_text="Cents.")
        category_fees = JSONObjectField(required=False, help_text='{"category": cents}')

    @extend_schema(
        operation_id="announcement",
        summary="The announcement of an open tournament (anyone, once announced)",
        responses={200: AnnouncementOutput, **READ_ERRORS},
    )
    def get(self, request, tournament_id):
        tournament = get_or_404(Tournament.objects.all(), tournament_id)
        announcement = announcement_of(tournament)
        if not announcement.published and not sees_private(request.user, tournament):
            raise NotFound()
        return Response(AnnouncementOutput(announcement_data(tournament, announcement)).data)

    @extend_schema(
        operation_id="announcement_update",
        summary="Change the announcement and sign-up settings (organisers)",
        description=CODES,
        request=InputSerializer,
        responses={200: AnnouncementOutput, **ORGANISER_ERRORS},
    )
    def patch(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        data = valid(AnnouncementApi.InputSerializer, request.data)
        texts = {name: data.pop(name) for name in ("venue", "details", "contact") if name in data}
        announcement = set_announcement(
            tournament, by=Actor.of_user(request.user), texts=texts, **data
        )
        return Response(AnnouncementOutput(announcement_data(tournament, announcement)).data)


class SignUpOutput(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    member_number = serializers.CharField()
    email = serializers.CharField()
    category = serializers.CharField()
    status = serializers.ChoiceField(choices=SignUpStatus.choices)
    entry = serializers.IntegerField(source="entry_id", allow_null=True)
    created_at = serializers.DateTimeField()
    queued_at = serializers.DateTimeField(allow_null=True)


class SignUpInput(StrictSerializer):
    name = serializers.CharField(max_length=200)
    email = serializers.CharField(max_length=300, required=False, allow_blank=True)
    club = serializers.CharField(max_length=200, required=False, allow_blank=True)
    member_number = serializers.CharField(max_length=100, required=False, allow_blank=True)
    category = serializers.CharField(max_length=100, required=False, allow_blank=True)


class SignUpsApi(Api):
    @extend_schema(
        operation_id="signups_list",
        summary="The sign-ups, the waiting list in its order (insiders, scorers too)",
        responses={200: SignUpOutput(many=True), **ORGANISER_ERRORS},
    )
    def get(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        return Response(SignUpOutput(tournament.signups.all(), many=True).data)

    @extend_schema(
        operation_id="signups_add",
        summary="Add a player: entered at once, even beyond the cap (organisers)",
        description=CODES,
        request=SignUpInput,
        responses={201: SignUpOutput, **ORGANISER_ERRORS},
    )
    def post(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        data = valid(SignUpInput, request.data)
        signup = add_signup(tournament, Applicant(**data), by=Actor.of_user(request.user))
        return Response(SignUpOutput(signup).data, status=status.HTTP_201_CREATED)


ACTIONS = {
    "approve": approve,
    "enter": move_to_list,
    "wait": move_to_waiting,
    "cancel": lambda signup, *, by: cancel(signup, by=by),
}


class SignUpActionApi(Api):
    class InputSerializer(StrictSerializer):
        action = StrictChoiceField(
            choices=list(ACTIONS),
            help_text="approve: entered if a place is free, else waiting; enter: entered at "
            "once (beyond the cap); wait: to the end of the waiting list; cancel: the waiting "
            "list moves up.",
        )

    @extend_schema(
        operation_id="signup_action",
        summary="Approve, enter, move to the waiting list or cancel a sign-up (organisers)",
        description=CODES,
        request=InputSerializer,
        responses={200: SignUpOutput, **ORGANISER_ERRORS},
    )
    def post(self, request, tournament_id, signup_id):
        tournament = organised_tournament(request, tournament_id)
        signup = get_or_404(SignUp.objects.filter(tournament=tournament), signup_id)
        data = valid(SignUpActionApi.InputSerializer, request.data)
        signup = ACTIONS[data["action"]](signup, by=Actor.of_user(request.user))
        return Response(SignUpOutput(signup).data)


METHOD_HELP = 'How a paid fee came in: "cash" at the door or "transfer" ahead; "" if not paid.'


class CashLineOutput(serializers.Serializer):
    category = serializers.CharField()
    fee = serializers.IntegerField(help_text="Cents.")
    paid = serializers.IntegerField()
    waived = serializers.IntegerField()
    unpaid = serializers.IntegerField(help_text="Checked in, fee not paid.")
    cash = serializers.IntegerField(help_text="Cents taken at the door.")
    transfers = serializers.IntegerField(help_text="Paid ahead by transfer (counted in paid).")
    transferred = serializers.IntegerField(help_text="Cents paid ahead by transfer.")


class EntryFeeOutput(serializers.Serializer):
    entry = serializers.IntegerField()
    start_number = serializers.IntegerField()
    name = serializers.CharField()
    category = serializers.CharField()
    status = serializers.ChoiceField(choices=FeeStatus.choices)
    method = serializers.CharField(help_text=METHOD_HELP)
    amount = serializers.IntegerField(help_text="Cents paid.")


class CashOutput(serializers.Serializer):
    lines = CashLineOutput(many=True)
    cash = serializers.IntegerField(help_text="Cents in the box.")
    paid = serializers.IntegerField()
    waived = serializers.IntegerField()
    unpaid = serializers.IntegerField()
    transfers = serializers.IntegerField()
    transferred = serializers.IntegerField(help_text="Cents on the account, not in the box.")
    fees = EntryFeeOutput(many=True)


class FeesApi(Api):
    @extend_schema(
        operation_id="fees",
        summary="Each entry's fee and the cash report (insiders, scorers too)",
        responses={200: CashOutput, **ORGANISER_ERRORS},
    )
    def get(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        report = cash_report(tournament)
        entries = tournament.entries.select_related("player", "fee", "entry_category")
        fees = []
        for entry in entries.order_by("start_number"):
            fee = getattr(entry, "fee", None)
            fees.append(
                {
                    "entry": entry.pk,
                    "start_number": entry.start_number,
                    "name": entry.player.name,
                    "category": category_of(entry),
                    "status": fee.status if fee is not None else FeeStatus.OPEN,
                    "method": fee.method if fee is not None else "",
                    "amount": fee.amount if fee is not None else 0,
                }
            )
        data = {**asdict(report), "fees": fees}
        return Response(CashOutput(data).data)


class FeeApi(Api):
    class InputSerializer(StrictSerializer):
        status = StrictChoiceField(
            choices=FeeStatus.choices,
            help_text="paid in cash and waived check the player in too.",
        )
        method = StrictChoiceField(
            choices=FeeMethod.choices,
            required=False,
            default=FeeMethod.CASH,
            help_text="How a paid fee came in: cash at the door, or a transfer ahead.",
        )

    class OutputSerializer(serializers.Serializer):
        entry = serializers.IntegerField(source="entry_id")
        status = serializers.ChoiceField(choices=FeeStatus.choices)
        method = serializers.CharField(help_text=METHOD_HELP)
        amount = serializers.IntegerField(help_text="Cents paid.")
        category = serializers.CharField()

    @extend_schema(
        operation_id="fee_set",
        summary="Mark an entry's fee paid, waived or open (organisers)",
        description=CODES,
        request=InputSerializer,
        responses={200: OutputSerializer, **ORGANISER_ERRORS},
    )
    def put(self, request, tournament_id, entry_id):
        tournament = organised_tournament(request, tournament_id)
        entry = entry_of(tournament, entry_id)
        data = valid(FeeApi.InputSerializer, request.data)
        fee = set_fee(entry, data["status"], method=data["method"], by=Actor.of_user(request.user))
        return Response(FeeApi.OutputSerializer(fee).data)


class PrizeOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    start_number = serializers.IntegerField()
    name = serializers.CharField()
    club = serializers.CharField()
    total = serializers.IntegerField()
    euros = serializers.IntegerField()
    shared = serializers.IntegerField(help_text="How many share this place.")


class SidePrizesOutput(serializers.Serializer):
    category = serializers.CharField()
    paid = serializers.IntegerField(help_text="Whole euros.")
    shortfall = serializers.IntegerField(help_text="Euros the pot lacks for them.")
    prizes = PrizeOutput(many=True)


class PrizesOutput(serializers.Serializer):
    mode = serializers.CharField()
    shares = serializers.ListField(child=serializers.IntegerField())
    costs = serializers.IntegerField(help_text="Cents.")
    tie_share = serializers.ChoiceField(choices=TieShare.choices)
    category_prizes = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Side prizes: whole euros by place of each category's ranking.",
    )
    pot = serializers.IntegerField(help_text="Cents: the fees paid.")
    paid = serializers.IntegerField(help_text="Whole euros paid out by the table above.")
    kept = serializers.IntegerField(help_text="Cents not paid out (costs, rounding).")
    shortfall = serializers.IntegerField(help_text="Euros of fixed prizes the pot lacks.")
    prizes = PrizeOutput(many=True)
    side_prizes = SidePrizesOutput(
        many=True,
        help_text="Per category with side prizes: paid before the table, from the pot after "
        "the costs, to the category's best without a prize overall.",
    )


def prizes_data(tournament: Tournament) -> dict[str, Any]:
    announcement = announcement_of(tournament)
    prizes = prize_list(tournament)
    return {
        "mode": announcement.payout_mode,
        "shares": announcement.payout_shares,
        "costs": announcement.payout_costs,
        "tie_share": announcement.tie_share,
        "category_prizes": announcement.category_prizes,
        "pot": prizes.pot,
        "paid": prizes.payout.paid,
        "kept": prizes.payout.kept,
        "shortfall": prizes.payout.shortfall,
        "prizes": [asdict(prize) for prize in prizes.prizes],
        "side_prizes": [
            {
                "category": part.category,
                "paid": part.payout.paid,
                "shortfall": part.payout.shortfall,
                "prizes": [asdict(prize) for prize in part.prizes],
            }
            for part in prizes.side
        ],
    }


class PrizesApi(Api):
    class InputSerializer(StrictSerializer):
        mode = StrictChoiceField(choices=["percent", "fixed"])
        shares = serializers.ListField(
            child=StrictIntegerField(min_value=0, max_value=10**9), max_length=1000
        )
        costs = StrictIntegerField(
            min_value=0, max_value=10**12, required=False, help_text="Cents."
        )
        tie_share = StrictChoiceField(choices=TieShare.choices, required=False)
        category_prizes = serializers.DictField(
            child=serializers.ListField(
                child=StrictIntegerField(min_value=0, max_value=10**9), max_length=1000
            ),
            required=False,
            help_text="Side prizes: whole euros by place of each offered category's ranking "
            '({"Damen": [20, 10]}); none when left out.',
        )

    @extend_schema(
        operation_id="prizes",
        summary="The payout table and the prize list by the standings (insiders, scorers too)",
        responses={200: PrizesOutput, **ORGANISER_ERRORS},
    )
    def get(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        return Response(PrizesOutput(prizes_data(tournament)).data)

    @extend_schema(
        operation_id="payout_set",
        summary="Set the payout table (organisers)",
        description=CODES,
        request=InputSerializer,
        responses={200: PrizesOutput, **ORGANISER_ERRORS},
    )
    def put(self, request, tournament_id):
        tournament = organised_tournament(request, tournament_id)
        data = valid(PrizesApi.InputSerializer, request.data)
        set_payout(tournament, by=Actor.of_user(request.user), **data)
        return Response(PrizesOutput(prizes_data(tournament)).data)


class EntryCategoryApi(Api):
    class InputSerializer(StrictSerializer):
        category = serializers.CharField(
            max_length=100, allow_blank=True, help_text='One the announcement offers; "": none.'
        )

    class OutputSerializer(serializers.Serializer):
        entry = serializers.IntegerField()
        category = serializers.CharField()

    @extend_schema(
        operation_id="entry_category_set",
        summary="Put an entry in a category (organisers)",
        description="Its category ranking, fee and certificates follow; a fee paid already "
        "stays as paid.\n\n" + CODES,
        request=InputSerializer,
        responses={200: OutputSerializer, **ORGANISER_ERRORS},
    )
    def put(self, request, tournament_id, entry_id):
        tournament = organised_tournament(request, tournament_id)
        entry = entry_of(tournament, entry_id)
        data = valid(EntryCategoryApi.InputSerializer, request.data)
        set_category(entry, data["category"], by=Actor.of_user(request.user))
        return Response(
            {"entry": entry.pk, "category": category_of(entry_of(tournament, entry.pk))}
        )


class CategoryRankingsOutput(serializers.Serializer):
    class CategoryOutput(serializers.Serializer):
        class RowOutput(serializers.Serializer):
            rank = serializers.IntegerField(help_text="The place in the category.")
            overall_rank = serializers.IntegerField()
            entry = serializers.IntegerField(allow_null=True)
            start_number = serializers.IntegerField(allow_null=True)
            name = serializers.CharField(allow_null=True)
            club = serializers.CharField(allow_null=True)
            hidden = serializers.BooleanField()
            total = serializers.IntegerField()
            withdrawn = serializers.BooleanField()

        name = serializers.CharField()
        rows = RowOutput(many=True)

    frozen_at = serializers.DateTimeField(
        allow_null=True,
        help_text="Spectators while the standings are frozen: the moment of the freeze; "
        "null: live.",
    )
    categories = CategoryOutput(many=True)


class CategoryRankingsApi(Api):
    @extend_schema(
        operation_id="category_rankings",
        summary="The ranking of each category (with an ETag for cheap polling)",
        description=(
            "Each category's players in the order of the overall ranking, placed within the "
            "category (docs/OPEN_TOURNAMENTS.md). Spectators see it while the standings are "
            "published (else 403 `standings_hidden`), as it was at the freeze while they are "
            "frozen; organisers always, live.\n\n" + CODES
        ),
        parameters=[ETAG_PARAMETER],
        responses={
            200: CategoryRankingsOutput,
            304: NOT_MODIFIED,
            403: RESPONSE_403,
            **READ_ERRORS,
        },
    )
    def get(self, request, tournament_id):
        if request.user.is_authenticated:
            tournament = get_or_404(Tournament.objects.all(), tournament_id)
            if sees_private(request.user, tournament):
                body = organiser_category_rankings(tournament)
                return json_answer(request, body, organiser=True)
        found = public_category_rankings(tournament_id)
        if found is None:
            raise not_public(tournament_id)
        return json_answer(request, found)
