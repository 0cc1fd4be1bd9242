INLINE_FUNC realV AddVector(realV a, realV b)
{
    return a + b;
}
