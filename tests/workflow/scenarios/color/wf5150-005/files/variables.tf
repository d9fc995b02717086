variable "name" {
  type = string
  description = "A variable."
  default = "alpha"
  nullable = false
}
