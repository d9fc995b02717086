resource "terraform_data" "item" {
  input = local.nope
}

output "out" {
  value = terraform.workspace
  sensitive = true
}
