locals {
  good = "ok"
  bad  = var.nope
}
resource "terraform_data" "q" {
  input = module.absent.out
}
resource "terraform_data" "r" {
  input = "fine"
}
output "o" { value = local.bad }
