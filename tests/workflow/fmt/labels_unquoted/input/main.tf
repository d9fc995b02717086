resource terraform_data web {
  input = 1
}
resource "terraform_data" /* c */ "b" {
}
locals  {
}
variable   "x"   {
}
resource "terraform_data"   /* between */   "c"   /* after */ {
}
