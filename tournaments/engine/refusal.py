"""The refusal both tournament engines raise for a user error: a stable code, a field, params."""


class Refused(ValueError):
    """Something the rules do not allow, as asked: ``field`` names the offending input and
    ``params`` fill the message the web layer words (the engines word nothing)."""

    def __init__(self, code: str, field: str, params: dict[str, object]) -> None:
        self.code = code
        self.field = field
        self.params = params
        super().__init__(f"{field}: {code} {params}")
